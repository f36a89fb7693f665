"""A tool the static inventory lists for a page that never registered in Chromium."""

from __future__ import annotations

RULE = "live-tool-missing"
MAX_QUOTED = 2  # logged errors quoted in a message


def message(
    name: str, pages: list[str], logged: list[str], unregistered: bool, instead: str | None
) -> str:
    where = " or ".join(pages)
    if instead is not None:
        why = f"the tool of that name at {instead} registered instead"
    elif unregistered:
        why = "it registered and was unregistered before the page settled"
    else:
        why = "its registration failed or depends on something the page did not do"
    said = ""
    if logged:
        quoted = "; ".join(logged[:MAX_QUOTED])
        more = f" (and {len(logged) - MAX_QUOTED} more)" if len(logged) > MAX_QUOTED else ""
        said = f" The page logged: {quoted}{more}."
    return f"`{name}` is listed here but was not registered in Chromium {where}: {why}.{said}"
