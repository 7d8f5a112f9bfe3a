"""Serve the in-browser site (this folder, or --directory) on this computer and print its address.

    python3 serve.py                  # http://127.0.0.1:8000/ , for this computer only
    python3 serve.py --host 0.0.0.0   # for a classroom network: students open http://<this computer>:8000/
    python3 serve.py --port 8080
    python3 serve.py --no-isolate     # without the isolation headers (as a plain static host)

Only the Python standard library is needed. Plain ``python -m http.server`` also works
where the system knows the types of ``.wasm`` and ``.mjs`` files; this script sets them.

Every answer carries the headers that make the page *cross-origin isolated* (``ISOLATION``):
the kernel can then share memory with the page, and *Kernel > Interrupt* stops a running cell
(the site's interrupt shim, ``lite/interrupt_shim.py``). ``--no-isolate`` leaves them out, as
a static host that sends no headers does: the site works the same, but Interrupt only cancels
the cells waiting to run (a running one needs *Kernel > Restart Kernel*).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
from pathlib import Path
from typing import ClassVar

TYPES = {".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
         ".json": "application/json", ".whl": "application/zip", ".zip": "application/zip",
         ".ipynb": "application/json", ".md": "text/markdown"}


# Cross-origin isolation: the page may use SharedArrayBuffer (the kernel's interrupt signal) only
# when it and everything it loads say so. Every file of the site comes from this same origin.
ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin",
             "Cross-Origin-Embedder-Policy": "require-corp",
             "Cross-Origin-Resource-Policy": "same-origin"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types the site needs and the isolation headers; no log per request."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    isolate = True
    """Send ``ISOLATION`` with every answer (off with ``--no-isolate``)."""

    def end_headers(self) -> None:
        """Unless ``--no-isolate``, every answer says the page is cross-origin isolated."""
        if self.isolate:
            for name, value in ISOLATION.items():
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a page load asks for hundreds of files."""


def main(argv: list[str] | None = None) -> None:
    """Parse the options and serve until Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--directory", default=str(Path(__file__).resolve().parent), help="the site folder")
    parser.add_argument("--host", default="127.0.0.1",
                        help="127.0.0.1 (this computer only) or 0.0.0.0 (the classroom's network too)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--no-isolate", dest="isolate", action="store_false",
                        help="no cross-origin isolation headers (Interrupt then cannot stop a running cell)")
    options = parser.parse_args(argv)
    SiteHandler.isolate = options.isolate
    folder = Path(options.directory)
    if not (folder / "index.html").is_file():
        sys.exit(f"{folder} holds no site (no index.html): build it with `make lite`")
    handler = functools.partial(SiteHandler, directory=str(folder))
    with http.server.ThreadingHTTPServer((options.host, options.port), handler) as server:
        port = server.server_address[1]
        print(f"pianitsa101 in the browser: http://127.0.0.1:{port}/  (serving {folder}; Ctrl-C to stop)",
              flush=True)
        if options.host not in ("127.0.0.1", "localhost"):
            print(f"on the network too: http://<this computer's name or address>:{port}/", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")


if __name__ == "__main__":
    main()
