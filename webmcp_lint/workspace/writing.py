"""Writing files atomically: the data goes to a temporary file beside the target, which
is then renamed over it, so a reader (a CI upload step, an editor, a concurrent run)
sees the whole old file or the whole new one, and a failure leaves the old one and no
temporary file. The one writer of the package: reports (`-o`), fixed sources
(`--fix`), baselines and cache entries.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

PRIVATE_MODE = 0o600  # readable and writable by its owner alone


def write_atomically(
    path: Path,
    data: bytes,
    *,
    durable: bool = False,
    follow_links: bool = True,
    private: bool = False,
) -> None:
    """Replace the file at `path` with `data`, atomically; OSError when it cannot be.

    `follow_links`: the path names where the data goes. A symbolic link is kept and
    the file it leads to replaced (also one still to come); a path that exists and is
    not a regular file (/dev/stdout, a FIFO) cannot be replaced, so it is written to
    directly. Without it, whatever is at the path (a link, a FIFO) is replaced as it
    is and never opened: for files in a directory of the linter's own.

    `durable`: the data reaches the disk (fsync) before the rename, for a file whose
    loss would cost work (a fixed source).

    `private`: the file is readable by its owner alone. Otherwise it keeps the mode of
    the regular file it replaces, else gets the mode a new file gets (0o666 less the
    umask).
    """
    if follow_links:
        info = _stat(path, follow=True)
        if info is not None and not stat.S_ISREG(info.st_mode):
            with open(path, "wb") as handle:
                handle.write(data)
            return
        target = os.path.realpath(path)  # through a link, also one to a file still to come
    else:
        info = None if private else _stat(path, follow=False)
        target = os.fspath(path)
    directory, name = os.path.split(target)
    descriptor, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(temporary, PRIVATE_MODE if private else _mode_for(info))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _stat(path: Path, *, follow: bool) -> os.stat_result | None:
    try:
        return os.stat(path, follow_symlinks=follow)
    except FileNotFoundError:
        return None


def _mode_for(replaced: os.stat_result | None) -> int:
    """The mode of the regular file being replaced, else that of a new file."""
    if replaced is not None and stat.S_ISREG(replaced.st_mode):
        return stat.S_IMODE(replaced.st_mode)
    return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask. Linux tells it in /proc without changing it; elsewhere it is
    read by setting it and back, which a thread creating a file meanwhile would see."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    umask = os.umask(0)
    os.umask(umask)
    return umask
