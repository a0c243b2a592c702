"""A stand-in for the README's nginx in front of the app, on loopback, for tests.

Each `Proxy` listens on a free port and plays one of nginx's two server blocks: the one
that terminated TLS (`scheme="https"`) or plain http. Like the README's config it passes
the client's Host, appends the client's address to X-Forwarded-For, sets
X-Forwarded-Proto to its scheme, and drops X-Forwarded-Ssl, -Protocol and -Host. It does
not redirect plain http itself, so what the app does over http shows."""

import http.client
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
}
SET_BY_PROXY = {
    "x-forwarded-for",
    "x-forwarded-proto",
    "x-forwarded-ssl",
    "x-forwarded-protocol",
    "x-forwarded-host",
}


class Proxy:
    def __init__(self, upstream_port: int, scheme: str):
        self.upstream_port = upstream_port
        self.scheme = scheme
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def forward(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else None
                client_chain = self.headers.get("X-Forwarded-For")
                address = self.client_address[0]
                chain = f"{client_chain}, {address}" if client_chain else address
                upstream = http.client.HTTPConnection("127.0.0.1", proxy.upstream_port, timeout=60)
                upstream.putrequest(
                    self.command, self.path, skip_host=True, skip_accept_encoding=True
                )
                for name, value in self.headers.items():
                    if name.lower() not in HOP_BY_HOP | SET_BY_PROXY:
                        upstream.putheader(name, value)
                upstream.putheader("X-Forwarded-For", chain)
                upstream.putheader("X-Forwarded-Proto", proxy.scheme)
                upstream.endheaders(body)
                answer = upstream.getresponse()
                content = answer.read()
                upstream.close()
                self.send_response_only(answer.status, answer.reason)
                for name, value in answer.getheaders():
                    if name.lower() not in HOP_BY_HOP | {"content-length"}:
                        self.send_header(name, value)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(content)

            do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_OPTIONS = forward

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()

    def request(self, method, path, host="ghost.example", body=None, headers=None):
        """One request through this proxy, as a browser at the card table sends it."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request(method, path, body=body, headers={"Host": host, **(headers or {})})
        answer = connection.getresponse()
        content = answer.read()
        connection.close()
        return answer.status, answer.headers, content  # headers: case-insensitive, get_all
