"""Code the declarative rules' tests share: a tool form and a submit handler."""

GOOD_DESCRIPTION = (
    'tooldescription="Finds flights between two airports. Use when the user plans a trip."'
)
# A service worker's fetch event has a respondWith too, and is no submit event.
SERVICE_WORKER = (
    "self.addEventListener('fetch', (event) => { event.respondWith(fetch(event.request)); });\n"
)


def tool_form(body: str = "", attributes: str = 'toolname="search_flights"') -> str:
    """A form with a good tool description, the given attributes and content."""
    return f"<form {attributes} {GOOD_DESCRIPTION}>\n{body}\n</form>\n"


def submit_handler(body: str, asynchronous: bool = False) -> str:
    """A submit listener on the page's form whose parameter is `event`."""
    arrow = "async (event) =>" if asynchronous else "(event) =>"
    return (
        "const form = document.querySelector('form');\n"
        f"form.addEventListener('submit', {arrow} {{\n{body}\n}});\n"
    )
