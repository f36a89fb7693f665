"""A tool Chromium registered that the static inventory does not list."""

from __future__ import annotations

RULE = "live-tool-unlisted"


def message(name: str, page: str, unresolved: bool) -> str:
    seen = (
        " webmcp-lint saw the registration here but could not tell its tool (a name or "
        "definition computed at run time)."
        if unresolved
        else ""
    )
    return (
        f"Chromium registered the tool `{name}` {page}, but the static analysis does not "
        f"list it, so no rule checked it.{seen} Write its name and definition as values "
        "the analysis can read, or lint the file that registers it."
    )
