"""A tool Chromium registered that the static inventory does not list."""

from __future__ import annotations

from webmcp_lint.checks import Said, say

RULE = "live-tool-unlisted"
# `page`: where it registered, "on /index.html" or "in the frame /f.html on /index.html"
MESSAGES = {
    "unlisted": (
        "Chromium registered the tool `{{name}}` {{page}}, but the static analysis does not "
        "list it, so no rule checked it. Write its name and definition as values the "
        "analysis can read, or lint the file that registers it."
    ),
    # the static analysis saw a registration there but not which tool it makes
    "unlisted-unresolved": (
        "Chromium registered the tool `{{name}}` {{page}}, but the static analysis does not "
        "list it, so no rule checked it. webmcp-lint saw the registration here but could not "
        "tell its tool (a name or definition computed at run time). Write its name and "
        "definition as values the analysis can read, or lint the file that registers it."
    ),
}


def message(name: str, page: str, unresolved: bool) -> Said:
    said = "unlisted-unresolved" if unresolved else "unlisted"
    return say(RULE, MESSAGES, said, name=name, page=page)
