"""Draw the app icons (PNG) from the project's own SVG with Debian's Chromium.

    python manage.py draw_icons

The PNGs are committed; run this only after changing icons/icon.svg. The maskable icon
is the same artwork shrunk into the safe zone (the inner 80%) on the same background.
"""

from pathlib import Path

from django.core.management.base import BaseCommand

ICONS = Path(__file__).resolve().parents[2] / "static" / "ghost_site" / "icons"
SIZES = {"icon-192.png": (192, 1.0), "icon-512.png": (512, 1.0), "maskable-512.png": (512, 0.8)}


class Command(BaseCommand):
    help = "Draw the PNG app icons from icons/icon.svg."

    def handle(self, *args, **options):
        from playwright.sync_api import sync_playwright

        svg = (ICONS / "icon.svg").read_text()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium")
            for name, (size, scale) in SIZES.items():
                page = browser.new_page(viewport={"width": size, "height": size})
                inner = int(size * scale)
                page.set_content(
                    "<body style='margin:0;background:#1d4d3a;display:grid;place-items:center;"
                    f"height:{size}px'><div style='width:{inner}px;height:{inner}px'>{svg}</div>"
                )
                page.locator("svg").evaluate("s => { s.style.width = s.style.height = '100%'; }")
                page.screenshot(path=str(ICONS / name))
                page.close()
            browser.close()
        self.stdout.write(f"Drew {', '.join(SIZES)} in {ICONS}")
