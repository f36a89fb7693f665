"""Write fuzz/seeds/: every file of examples/ as a fuzz input (language byte + contents)."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from fuzz.target import SUFFIXES, join_input  # noqa: E402


def main() -> None:
    seeds = REPO / "fuzz" / "seeds"
    seeds.mkdir(exist_ok=True)
    for path in sorted((REPO / "examples").rglob("*")):
        if path.is_file() and path.suffix.lstrip(".") in SUFFIXES:
            name = path.relative_to(REPO / "examples").as_posix().replace("/", "--")
            (seeds / name).write_bytes(join_input(path.name, path.read_bytes()))


if __name__ == "__main__":
    main()
