"""description-runtime-text: tool texts built from what the page reads at run time."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import described, register

RULE = "description-runtime-text"


def message(what: str, reason: str, shown: str) -> str:
    return (
        f"{what} is built from {reason} (`{shown}`): text the page reads at run time cannot be "
        "reviewed and can carry instructions that someone else wrote. Write the text as a "
        "constant, and return runtime data from `execute` (with `untrustedContentHint` when "
        "others write it)."
    )


FETCHED = 'const data = await (await fetch("/api/shop")).json();\n'

tests = RuleTester(RULE)

test_valid = tests.valid(
    [
        Valid(described('"Finds things."')),
        # constants, imports and unknowns are not runtime text
        Valid(described("`Search the ${STORE} catalogue.`", extra='const STORE = "Acme";\n')),
        Valid(
            described("`Search the ${STORE} catalogue.`", extra='import { STORE } from "./c";\n')
        ),
        Valid(described("`Search the ${config.store} catalogue.`")),
        Valid(described('"Search " + name', extra="const name = storeName();\n")),
        # a lookup in a constant table keyed by something read at run time
        Valid(
            described(
                "`Prices in ${currency}.`",
                extra="const TABLE = { de: 'EUR' };\n"
                "const currency = TABLE[navigator.language] ?? 'EUR';\n",
            )
        ),
        # a parameter: the caller may pass a constant
        Valid(
            "function make(scope) {\n  return {\n    name: `search_${scope}`,\n"
            "    description: `Search the customer's ${scope}.`,\n    execute: () => ({}),\n  };\n}\n"
            "document.modelContext.registerTool(make('orders'));\n"
        ),
        # an attribute is mostly the author's markup (a polyfill reading `tooldescription`)
        Valid(described("form.getAttribute('tooldescription') ?? ''", extra="const form = f();\n")),
        # numbers and booleans from runtime data are not text
        Valid(described("`Search ${data.items.length} products.`", extra=FETCHED)),
        Valid(described("`Search products${data.sale ? ' on sale' : ''}.`", extra=FETCHED)),
        # runtime data used elsewhere than the texts
        Valid(
            FETCHED + "document.modelContext.registerTool({ name: 'a', description: 'Finds.',"
            " execute: () => data.name });\n"
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            described("`Search the ${data.shop.name} catalogue.`", extra=FETCHED),
            [
                Finding(
                    "runtime-description",
                    4,
                    30,
                    4,
                    44,
                    data={"source": "a fetch response", "code": "data.shop.name"},
                )
            ],
        ),
        Invalid(
            described('"Find things on " + location.hostname'),
            [
                Finding(
                    "runtime-description",
                    3,
                    36,
                    3,
                    53,
                    data={"source": "the page's URL", "code": "location.hostname"},
                )
            ],
        ),
        Invalid(
            described(
                "`About ${heading}`",
                extra="const heading = document.querySelector('h1').textContent.trim();\n",
            ),
            [
                Finding(
                    "runtime-description",
                    4,
                    25,
                    data={"source": "text read from the page (`.textContent`)", "code": "heading"},
                )
            ],
        ),
        Invalid(
            described("`Hello ${user}`", extra="let user = localStorage.getItem('name');\n"),
            [
                Finding(
                    "runtime-description", 4, 25, data={"source": "browser storage", "code": "user"}
                )
            ],
        ),
        Invalid(
            described(
                "title",
                extra="const { searchParams } = new URL(location.href);\n"
                "const title = searchParams.get('q');\n",
            ),
            # reported where the runtime text enters
            [
                Finding(
                    "runtime-description",
                    2,
                    15,
                    data={"source": "the page's URL", "code": "searchParams.get('q')"},
                )
            ],
        ),
        # the value a `.then` callback gets from a fetch
        Invalid(
            "fetch('/api/me').then((r) => r.json()).then((me) => {\n"
            "  document.modelContext.registerTool({ name: 'a', title: `${me.name}'s notes`,"
            " description: 'Finds notes.', execute: () => ({}) });\n});\n",
            [
                Finding(
                    "runtime-title", 2, 61, data={"source": "a fetch response", "code": "me.name"}
                )
            ],
        ),
        # a parameter description
        Invalid(
            register(
                '{ type: "object", properties: { q: { type: "string", description: '
                '"Words, like " + document.title } } }'
            ),
            [
                Finding(
                    "runtime-parameter-description",
                    4,
                    99,
                    data={
                        "parameter": "q",
                        "source": "the document's title",
                        "code": "document.title",
                    },
                )
            ],
        ),
    ]
)
