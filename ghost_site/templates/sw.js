// Ghost / Spøkelse service worker {{ version }}. It only adds: every page works without it.
// HTML: network first with a short timeout, the last copy when there is no answer.
// Hashed static files: cache first. htmx fragments, posts, polls and exports: network only.
"use strict";
const VERSION = "{{ version }}";
const PAGES = "pages";                      // kept across versions: the last copy of each page
const STATIC = "static-" + VERSION;         // replaced with each deploy
const PRECACHE = {{ precache|safe }};
const STATIC_PREFIX = "{{ static_prefix }}";
const STATIC_IMMUTABLE = {{ immutable|yesno:"true,false" }};
const NETWORK_TIMEOUT_MS = 3500;
const NOT_KEPT = /\/(poll|export\.(csv|json)|eksport\.(csv|json)|sjekk)\/?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(keepWhatCopiesName().then(() => self.clients.claim()));
});

// A kept page names the static files of the deploy it came from. Before an old version's
// cache goes, the files that kept pages still name move into this version's cache, so a
// page kept before a deploy still opens offline with its script (and its outbox). Once
// every copy naming a file has been replaced, the next update lets that file go.
function keepWhatCopiesName() {
  return caches.keys().then((keys) => {
    const old = keys.filter((key) => key.startsWith("static-") && key !== STATIC);
    if (!old.length) return undefined;
    return Promise.all([namedByCopies(), caches.open(STATIC)]).then(([named, current]) =>
      Promise.all(old.map((key) => caches.open(key)
        .then((cache) => cache.keys().then((requests) => Promise.all(requests.map((request) => {
          if (!named.has(new URL(request.url).pathname)) return undefined;
          return current.match(request).then((hit) => hit || cache.match(request)
            .then((response) => response && current.put(request, response)));
        }))))
        .then(() => caches.delete(key)))));
  });
}

function namedByCopies() {
  const named = new Set();
  const prefix = STATIC_PREFIX.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(prefix + "[^\"'\\s<>)]+", "g");
  return caches.open(PAGES).then((cache) => cache.keys().then((requests) => Promise.all(
    requests.map((request) => cache.match(request)
      .then((response) => (response ? response.text() : ""))
      .then((html) => { (html.match(pattern) || []).forEach((path) => named.add(path)); }))
  ))).then(() => named);
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  if (data.type === "warm" && Array.isArray(data.urls)) {
    // The reader's language's rules pages, so that they open offline after one visit.
    event.waitUntil(caches.open(PAGES).then((cache) => Promise.all(data.urls.map((url) =>
      cache.match(url).then((hit) => hit || keepCopy(cache, url))
    ))));
  }
  if (data.type === "refresh" && Array.isArray(data.urls)) {
    // A page changed in place (a round saved through htmx): its copy follows, so that
    // a reload without signal shows the game as it was last seen.
    event.waitUntil(caches.open(PAGES).then((cache) => Promise.all(data.urls.map((url) => keepCopy(cache, url)))));
  }
});

function keepCopy(cache, url) {
  return fetch(url, {credentials: "same-origin"}).then((response) => {
    if (response.ok) return stamped(response).then((kept) => cache.put(url, kept));
    return undefined;
  }).catch(() => undefined);
}

function stamped(response) {
  // The time of the copy travels with it, so the page can say how old it is.
  const headers = new Headers(response.headers);
  headers.set("X-Ghost-Copy", new Date().toISOString());
  return response.blob().then((body) => new Response(body, {status: response.status, statusText: response.statusText, headers}));
}

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); }, (error) => { clearTimeout(timer); reject(error); });
  });
}

function offlineCopy(request) {
  return caches.open(PAGES).then((cache) => cache.match(request)).then((hit) => {
    if (!hit) return Response.error();
    const copied = hit.headers.get("X-Ghost-Copy") || "";
    return hit.text().then((html) => new Response(
      html.replace("<html ", '<html data-offline-copy="' + copied + '" '),
      {status: 200, headers: {"Content-Type": "text/html; charset=utf-8"}}
    ));
  });
}

function page(request) {
  const network = fetch(request).then((response) => {
    if (response.ok && response.type === "basic") {
      const copy = response.clone();
      stamped(copy).then((kept) => caches.open(PAGES).then((cache) => cache.put(request, kept)));
    }
    return response;
  });
  return withTimeout(network, NETWORK_TIMEOUT_MS).catch(() => offlineCopy(request).then((copy) =>
    copy.type === "error" ? network : copy));
}

function staticFile(request) {
  if (!STATIC_IMMUTABLE) {
    return fetch(request).catch(() => caches.match(request).then((hit) => hit || Response.error()));
  }
  return caches.match(request).then((hit) => hit || fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(STATIC).then((cache) => cache.put(request, copy));
    }
    return response;
  }));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.headers.get("HX-Request")) return;           // a fragment is never a page
  if (url.pathname.startsWith(STATIC_PREFIX)) { event.respondWith(staticFile(request)); return; }
  if (NOT_KEPT.test(url.pathname)) return;
  if (request.mode === "navigate" || (request.headers.get("Accept") || "").includes("text/html")) {
    event.respondWith(page(request));
  }
});
