"""``make class``: serve the browser site and the class service to the room; print the address, code and QR.

    python -m pianitsa101.classroom                      # the room's network, port 8000, data in class-data/
    python -m pianitsa101.classroom --host 127.0.0.1     # this computer only
    python -m pianitsa101.classroom --site none          # the service and its /class page, no browser site

The class (its code, the teacher's token, every send) lives in ``--data``: started again on
the same folder, it is the same class with the same code.
"""

from __future__ import annotations

import argparse
import socket
import sys
from pathlib import Path

__all__ = ["main"]

ROOT = Path(__file__).resolve().parents[2]


def room_address(host: str, port: int) -> str:
    """The address students type: this computer's address on the room's network (or 127.0.0.1)."""
    if host not in ("0.0.0.0", "::", ""):
        return f"http://{host}:{port}/"
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent: this only picks the outgoing interface
        ip = probe.getsockname()[0]
    except OSError:
        ip = "127.0.0.1"
    finally:
        probe.close()
    return f"http://{ip}:{port}/"


def main(argv: list[str] | None = None) -> None:
    """Parse the options, print how to join, and serve until Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--host", default="0.0.0.0", help="0.0.0.0: the room's network; 127.0.0.1: this computer"
    )
    parser.add_argument("--port", type=int, default=8000, help="%(default)s; 0 picks a free port")
    parser.add_argument(
        "--data", type=Path, default=Path("class-data"), help="the class's folder (%(default)s)"
    )
    parser.add_argument(
        "--site",
        default=str(ROOT / "dist" / "lite"),
        help="the browser site (make lite), or 'none' (%(default)s)",
    )
    parser.add_argument("--address", help="the address students type, when the computer's own is not it")
    parser.add_argument(
        "--jobs", type=int, default=2, help="engine processes of the tournament (%(default)s)"
    )
    parser.add_argument("--prefix", default="", help="the path it is served under, e.g. /services/class-7b/")
    options = parser.parse_args(argv)
    site = None if options.site == "none" else Path(options.site)
    if site is not None and not (site / "index.html").is_file():
        sys.exit(f"{site} holds no browser site: build it with `make lite`, or start with --site none")

    import uvicorn

    from pianitsa101.classroom import qr
    from pianitsa101.classroom.app import Classroom, create_app

    sock = socket.socket(socket.AF_INET6 if ":" in options.host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((options.host, options.port))
    port = sock.getsockname()[1]
    prefix = options.prefix.strip("/")
    address = options.address or room_address(options.host, port) + (prefix + "/" if prefix else "")
    room = Classroom(options.data, address=address, site=site, tournament_jobs=options.jobs,
                     prefix=options.prefix)
    here = options.host in ("0.0.0.0", "127.0.0.1")
    local = f"http://127.0.0.1:{port}" + (f"/{prefix}" if prefix else "") if here else address.rstrip("/")
    print(qr.terminal(address), end="")
    print(f"students: {address}  (class code {room.code})")
    print(f"code: {room.code}")
    print(f"board: {local}/board?token={room.token}  (the teacher's screen only: it holds the token)")
    print(
        f"data: {options.data.resolve()}  (Ctrl-C stops; started again on it, the class goes on)",
        flush=True,
    )
    config = uvicorn.Config(
        create_app(room), log_level="warning", access_log=False, timeout_graceful_shutdown=2
    )
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
