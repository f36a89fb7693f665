"""The one atomic writer (webmcp_lint/workspace/writing.py), in each of the ways its
callers use it: reports (`-o`), fixed sources (`--fix`, durable) and cache entries
(never through a link, private). The callers' own tests are in test_security.py,
test_fix.py and test_cache.py."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from webmcp_lint.workspace.writing import write_atomically


def test_a_new_file_gets_the_mode_of_a_new_file(tmp_path: Path) -> None:
    umask = os.umask(0o027)
    try:
        write_atomically(tmp_path / "new.txt", b"data")
    finally:
        os.umask(umask)
    assert (tmp_path / "new.txt").read_bytes() == b"data"
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["new.txt"]


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_bytes(b"old")
    target.chmod(0o604)
    write_atomically(target, b"new")
    assert target.read_bytes() == b"new"
    assert target.stat().st_mode & 0o777 == 0o604


def test_through_a_link_the_file_it_leads_to_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    link = tmp_path / "link.txt"
    link.symlink_to("real/file.txt")  # to a file still to come
    write_atomically(link, b"first")
    write_atomically(link, b"second")
    assert link.is_symlink()
    assert (tmp_path / "real" / "file.txt").read_bytes() == b"second"


def test_without_following_links_a_link_is_replaced_never_written_through(
    tmp_path: Path,
) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_bytes(b"not ours")
    entry = tmp_path / "entry.json"
    entry.symlink_to(elsewhere)
    write_atomically(entry, b"{}", follow_links=False, private=True)
    assert not entry.is_symlink()
    assert entry.read_bytes() == b"{}"
    assert elsewhere.read_bytes() == b"not ours"
    assert entry.stat().st_mode & 0o777 == 0o600


def test_without_following_links_a_fifo_is_replaced_never_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    write_atomically(fifo, b"{}", follow_links=False)  # opening it would block
    assert fifo.read_bytes() == b"{}"


def test_durable_writes_reach_the_disk_before_the_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    order: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (order.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(
        os, "replace", lambda a, b: (order.append("replace"), real_replace(a, b))[1]
    )
    write_atomically(tmp_path / "a.txt", b"a")
    assert order == ["replace"]
    write_atomically(tmp_path / "b.txt", b"b", durable=True)
    assert order == ["replace", "fsync", "replace"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "kept.txt"
    target.write_bytes(b"old")

    def full(source: str, destination: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError, match="No space left"):
        write_atomically(target, b"new", durable=True)
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]


def test_the_mode_of_a_new_file_is_found_without_changing_the_umask(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another thread creating a file meanwhile must not see a zero umask."""
    if not os.path.exists("/proc/self/status"):
        pytest.skip("the umask is read from /proc/self/status on Linux only")
    calls: list[int] = []
    real_umask = os.umask
    monkeypatch.setattr(os, "umask", lambda mask: calls.append(mask) or real_umask(mask))
    umask = real_umask(0o027)
    try:
        write_atomically(tmp_path / "new.txt", b"data")
    finally:
        real_umask(umask)
    assert (tmp_path / "new.txt").stat().st_mode & 0o777 == 0o640
    assert calls == []
