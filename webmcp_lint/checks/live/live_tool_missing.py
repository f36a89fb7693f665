"""A tool the static inventory lists for a page that never registered in Chromium."""

from __future__ import annotations

from webmcp_lint.checks import Said, say

RULE = "live-tool-missing"
MAX_QUOTED = 2  # logged errors quoted in a message
_REGISTERED_INSTEAD = (
    "`{{name}}` is listed here but was not registered in Chromium {{pages}}: the tool of that "
    "name at {{instead}} registered instead."
)
_UNREGISTERED = (
    "`{{name}}` is listed here but was not registered in Chromium {{pages}}: it registered and "
    "was unregistered before the page settled."
)
_NEVER_REGISTERED = (
    "`{{name}}` is listed here but was not registered in Chromium {{pages}}: its registration "
    "failed or depends on something the page did not do."
)
_LOGGED = " The page logged: {{logged}}."
# `pages`: where it was looked for ("on /a.html or on /b.html"); `instead`: where the tool
# of that name is (`shop.html:17`); `logged`: what the page logged, `; ` between the
# errors quoted, ` (and 2 more)` after them when there are more
MESSAGES = {
    "registered-instead": _REGISTERED_INSTEAD,
    "registered-instead-logged": _REGISTERED_INSTEAD + _LOGGED,
    "unregistered": _UNREGISTERED,
    "unregistered-logged": _UNREGISTERED + _LOGGED,
    "never-registered": _NEVER_REGISTERED,
    "never-registered-logged": _NEVER_REGISTERED + _LOGGED,
}


def message(
    name: str, pages: list[str], logged: list[str], unregistered: bool, instead: str | None
) -> Said:
    data = {"name": name, "pages": " or ".join(pages)}
    if instead is not None:
        said, quoting = "registered-instead", "registered-instead-logged"
        data["instead"] = instead
    elif unregistered:
        said, quoting = "unregistered", "unregistered-logged"
    else:
        said, quoting = "never-registered", "never-registered-logged"
    if logged:
        quoted = "; ".join(logged[:MAX_QUOTED])
        if len(logged) > MAX_QUOTED:
            quoted += f" (and {len(logged) - MAX_QUOTED} more)"
        said = quoting
        data["logged"] = quoted
    return say(RULE, MESSAGES, said, **data)
