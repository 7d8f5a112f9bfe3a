"""Run a student's code in a sandbox: no network, one scratch folder, limits, nothing left behind.

``make grade``, ``make tournament`` and the judge of a notebook's hidden tests start the
student's code in a process of its own; :func:`sandboxed` turns that command into one that
runs inside a sandbox. On Linux the sandbox is **bubblewrap** (``bwrap``, the sandbox of
Flatpak; ``apt-get install bubblewrap``, ``dnf install bubblewrap``), with:

- no network (a network namespace of its own, not even the loopback of the machine);
- a scratch folder as the only place it can write: a small ``tmpfs`` at ``/tmp`` (its working
  folder), gone when the process ends;
- only what Python needs to read: the system's libraries, Python, the virtual environment and
  the package itself (the checks' folder holds only the files the student's side runs); no
  ``/home``, ``/root`` or the teacher's other files, and none of the teacher's environment
  variables (a secret given to the grader stays there);
- limits (``prlimit``): memory (address space), processor time, file size, open files; and a
  seccomp filter that refuses to start any process (threads are allowed);
- its own process namespace, killed with its parent: everything it started is gone when it ends.

Where no sandbox can be made (no ``bwrap``, user namespaces switched off, macOS, Windows) the
tools refuse to run a student's code, unless the teacher says so with ``UNSAFE=1``
(``PIANITSA101_UNSAFE=1``): then the code runs as the teacher's user, with the limits Python
itself can set, and a warning says so.

>>> sandbox_refusal("win32").split(";")[0]
'no sandbox on this system (it needs Linux with bubblewrap)'
"""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import struct
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = ["UNSAFE", "Limits", "SandboxUnavailable", "available", "sandbox_refusal", "sandboxed", "unsafe"]

UNSAFE = "PIANITSA101_UNSAFE"  # the environment variable ``make ... UNSAFE=1`` sets
# The files of the checks' folder that the student's side runs (the rest of the folder is not there).
STUDENT_FILES = ("_student.py", "_limit.py", "_guard.py", "tournament_student.py")


class SandboxUnavailable(RuntimeError):
    """No sandbox can be made here, and the teacher did not say ``UNSAFE=1``."""


@dataclass(frozen=True)
class Limits:
    """What one sandboxed process may use."""

    memory: int = 2 << 30  # bytes of address space (a runaway list fails there, not the machine)
    cpu: int = 1800  # seconds of processor time, in all
    disk: int = 64 << 20  # bytes of its scratch folder, and of any one file
    files: int = 256  # open files at once
    threads: bool = False  # may it start threads (it never starts processes)


def unsafe() -> bool:
    """True when the teacher allowed running students' code without a sandbox (``UNSAFE=1``)."""
    return os.environ.get(UNSAFE, "").strip() not in ("", "0")


def sandbox_refusal(platform: str = sys.platform, bwrap: str | None = "") -> str:
    """Why no sandbox can be made here ("" when it can)."""
    if platform != "linux":
        return ("no sandbox on this system (it needs Linux with bubblewrap); "
                "run the grader in a Linux virtual machine or container, or say UNSAFE=1 to run "
                "the students' code as your own user")
    bwrap = shutil.which("bwrap") if bwrap == "" else bwrap
    if not bwrap or not shutil.which("prlimit"):
        return ("bubblewrap is not installed (Debian, Ubuntu: sudo apt-get install bubblewrap; Fedora: "
                "sudo dnf install bubblewrap); or say UNSAFE=1 to run the students' code as your own user")
    if not _works(bwrap):
        return ("bubblewrap cannot make a sandbox here (user namespaces are switched off?); "
                "or say UNSAFE=1 to run the students' code as your own user")
    return ""


@functools.lru_cache(maxsize=4)
def _works(bwrap: str) -> bool:
    try:
        done = subprocess.run([bwrap, "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/", "true"],
                              capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def available() -> bool:
    """True when a sandbox can be made here."""
    return not sandbox_refusal()


# --- seccomp: no new processes -------------------------------------------------------------------------

_ARCHES = {  # machine: (AUDIT_ARCH, the process-creating system calls, clone, clone3)
    "x86_64": (0xC000003E, (57, 58), 56, 435),  # fork, vfork; clone; clone3
    "aarch64": (0xC00000B7, (), 220, 435),
}
_CLONE_THREAD = 0x00010000
_EPERM, _ENOSYS = 1, 38


def _bpf(code: int, jt: int, jf: int, k: int) -> bytes:
    return struct.pack("HBBI", code, jt, jf, k)


def seccomp_program(machine: str | None = None, threads: bool = False) -> bytes | None:
    """A seccomp filter (classic BPF) that refuses fork, vfork, clone3 (glibc then makes threads with clone)
    and clone, of a thread too unless ``threads``; None on a machine it is not written for."""
    machine = machine or os.uname().machine
    if machine not in _ARCHES:
        return None
    arch, forks, clone, clone3 = _ARCHES[machine]
    ld_w_abs, jeq, jset, ret = 0x20, 0x15, 0x45, 0x06
    allow, errno = 0x7FFF0000, 0x00050000
    kill = 0x80000000  # SECCOMP_RET_KILL_PROCESS
    body = [_bpf(ld_w_abs, 0, 0, 4)]  # the architecture
    body.append(_bpf(jeq, 1, 0, arch))
    body.append(_bpf(ret, 0, 0, kill))  # another ABI (i386 on x86_64): not allowed at all
    body.append(_bpf(ld_w_abs, 0, 0, 0))  # the call's number
    if machine == "x86_64":
        body.append(_bpf(0x35, 0, 1, 0x40000000))  # jge: the x32 ABI
        body.append(_bpf(ret, 0, 0, kill))
    for number in forks:
        body.append(_bpf(jeq, 0, 1, number))
        body.append(_bpf(ret, 0, 0, errno | _EPERM))
    body.append(_bpf(jeq, 0, 1, clone3))
    body.append(_bpf(ret, 0, 0, errno | _ENOSYS))
    body.append(_bpf(jeq, 1, 0, clone))
    body.append(_bpf(ret, 0, 0, allow))
    body.append(_bpf(ld_w_abs, 0, 0, 16))  # clone's flags (low word)
    body.append(_bpf(jset, 1 if threads else 0, 0, _CLONE_THREAD))
    body.append(_bpf(ret, 0, 0, errno | _EPERM))
    body.append(_bpf(ret, 0, 0, allow))
    return b"".join(body)


# --- the command ---------------------------------------------------------------------------------------

def _package() -> Path:
    import pianitsa101

    return Path(pianitsa101.__file__).resolve().parent


def _readable() -> list[Path]:
    """The folders Python needs to read: its own, the environment's, and the import path (the folder
    holding the package only as the package)."""
    package = _package()
    places = {Path(p).resolve() for p in (sys.base_prefix, sys.prefix, sys.exec_prefix)}
    places.add(Path(sys.executable).resolve().parent)
    for entry in sys.path:  # the installed packages (not the working folder, not a project folder)
        path = Path(entry).resolve()
        if entry and path.is_dir() and ({"site-packages", "dist-packages"} & set(path.parts)
                                        or any(p in path.parents for p in places)):
            places.add(path)
    places.add(package)
    places = {p for p in places if not any(q != p and q in p.parents for q in places)}
    return sorted(places)


def sandboxed(argv: list[str], limits: Limits | None = None, env: dict[str, str] | None = None,
              keep_fds: tuple[int, ...] = ()) -> tuple[list[str], dict[str, str], tuple[int, ...]]:
    """(command, environment, fds to pass) that run ``argv`` in the sandbox; ``env``: the variables the
    student's process gets (nothing else of the teacher's). ``SandboxUnavailable`` where none can be made
    and the teacher did not say ``UNSAFE=1`` (then the command is run with rlimits only)."""
    env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1", "HOME": "/tmp",
           "PYTHONNOUSERSITE": "1", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
           "MKL_NUM_THREADS": "1", "NUMBA_NUM_THREADS": "1", **(env or {})}
    limits = limits or Limits()
    limit = ["prlimit", f"--as={limits.memory}", f"--cpu={limits.cpu}", f"--fsize={limits.disk}",
             f"--nofile={limits.files}", "--core=0", "--"]
    why = sandbox_refusal()
    if why:
        if not unsafe():
            raise SandboxUnavailable(why)
        _warn_once()
        prefix = limit if shutil.which("prlimit") else []
        mine = {k: v for k, v in os.environ.items() if not k.startswith("PIANITSA101_SECRET")}
        return prefix + list(argv), {**mine, **env}, keep_fds
    command = [*limit, "bwrap", "--unshare-all", "--die-with-parent", "--new-session", "--clearenv",
               "--hostname", "sandbox", "--proc", "/proc", "--dev", "/dev",
               "--size", str(limits.disk), "--tmpfs", "/tmp", "--chdir", "/tmp"]
    for system in ("/usr", "/bin", "/sbin", "/lib", "/lib64", "/lib32", "/etc/ld.so.cache",
                   "/etc/localtime"):
        command += ["--ro-bind-try", system, system]
    for place in _readable():
        command += ["--ro-bind", str(place), str(place)]
    checks = _package() / "checks"
    command += ["--tmpfs", str(checks)]
    for name in STUDENT_FILES:
        command += ["--ro-bind-try", str(checks / name), str(checks / name)]
    command += ["--remount-ro", str(checks), "--remount-ro", "/dev", "--remount-ro", "/"]  # read-only too
    for key, value in env.items():
        command += ["--setenv", key, value]
    fds = keep_fds
    program = seccomp_program(threads=limits.threads)
    if program is not None:
        read, write = os.pipe()
        os.write(write, program)
        os.close(write)
        command += ["--seccomp", str(read)]
        fds = (*keep_fds, read)
    return [*command, "--", *argv], {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, fds


_warned: list[bool] = []


def _warn_once() -> None:
    if not _warned:
        _warned.append(True)
        print(f"warning: {UNSAFE}=1: the students' code runs WITHOUT a sandbox, as your own user",
              file=sys.stderr, flush=True)


def close_passed(command: list[str], fds: tuple[int, ...], keep: tuple[int, ...]) -> None:
    """Close, in this process, the fds ``sandboxed`` opened (the seccomp filter's pipe) once started."""
    for fd in fds:
        if fd not in keep:
            with contextlib.suppress(OSError):
                os.close(fd)


def popen(argv: list[str], limits: Limits | None = None, env: dict[str, str] | None = None,
          pass_fds: tuple[int, ...] = (), **kwargs: object) -> subprocess.Popen:
    """``subprocess.Popen`` of ``argv`` in the sandbox (see :func:`sandboxed`)."""
    command, environment, fds = sandboxed(argv, limits, env, pass_fds)
    try:
        return subprocess.Popen(command, env=environment, pass_fds=fds, **kwargs)  # type: ignore[arg-type]
    finally:
        close_passed(command, fds, pass_fds)
