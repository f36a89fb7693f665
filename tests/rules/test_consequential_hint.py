"""consequential-hint: a tool that commits to something, without `consequentialHint: true`."""

from __future__ import annotations

from tests.helpers import lint
from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.rules.tool_code import ONE_PER_INTEGRATION_NONE_FOR_FORMS, findings_as_integration
from tests.rules.tool_code import tool_named as tool
from tests.runtime_projects import manifest

CONSEQUENTIAL = "consequential-hint"


def test_the_hint_is_asked_of_integrations_and_not_of_forms() -> None:
    assert (
        findings_as_integration(tool("place_order"), CONSEQUENTIAL)
        == ONE_PER_INTEGRATION_NONE_FOR_FORMS
    )


def unhinted(name: str, said: str) -> dict[str, str]:
    """The data of the finding on a tool `name` that `said` it commits, to which the
    hint is added as an `annotations` member."""
    return {"name": name, "said": said, "add": "Add `annotations: { consequentialHint: true }`"}


def described(description: str) -> str:
    return tool("handle_request", description=description)


RULE_TESTS = RuleTester(CONSEQUENTIAL)

test_valid = RULE_TESTS.valid(
    [
        Valid(
            tool("place_order", annotations="{ consequentialHint: true }", description="Does it.")
        ),
        Valid(
            tool("place_order", annotations="{ consequentialHint: false }", description="Does it.")
        ),
        Valid(
            tool("delete_account", annotations="{ readOnlyHint: true }", description="Does it.")
        ),  # annotation-conflict
        Valid(tool("place_order", annotations="{ ...defaults }", description="Does it.")),
        Valid(tool("___", description="Deletes the account.")),
        Valid(tool("", description="Deletes the account.")),
        # routine objects and nouns
        Valid(tool("delete_filter", description="Does it.")),
        Valid(tool("remove_from_cart", description="Does it.")),
        Valid(tool("cancel_search", description="Does it.")),
        Valid(tool("book_details", description="Does it.")),
        Valid(tool("order_by_date", description="Does it.")),
        Valid(tool("order_history", description="Does it.")),
        Valid(tool("book_cover", description="Does it.")),
        Valid(tool("order_pizza_menu", description="Lists the pizzas the user can order.")),
        Valid(tool("list_orders", description="Does it.")),
        Valid(tool("get_booking", description="Does it.")),
        Valid(tool("initiate_booking", description="Does it.")),
        Valid(tool("start_checkout", description="Does it.")),
        # a dotted name is a namespace, then what the tool does in it: it prepares a checkout
        Valid(
            tool(
                "checkout.prepare",
                description="Validate that the cart has items and navigate to the checkout page.",
            )
        ),
        Valid(tool("add_to_cart", description="Does it.")),
        # reading tools whose description starts with a noun
        Valid(tool("list_orders", description="Orders placed in the last month, newest first.")),
        Valid(tool("get_posts", description="Posts by the user, newest first.")),
        # a description that only mentions the word
        Valid(tool("search_flights", description="Finds flights the user can book later.")),
        Valid(tool("open_checkout", description="Opens the checkout page, where the user pays.")),
        # The name says it commits, but the description says it only changes the view and
        # `execute` sends, stores and submits nothing (site-bistro-declarative/table.html).
        Valid(
            tool(
                "confirm_order",
                "execute() { summary.close(); return { open: false, lines: order.length }; }",
                description="Closes the order summary so the guest can keep browsing the menu. "
                "Nothing is sent: the waiter sends the order to the kitchen.",
            )
        ),
        Valid(
            tool(
                "book_table",
                "execute() { dialog.showModal(); return { open: true }; }",
                description="Shows the booking form; the guest fills it and books it.",
            )
        ),
        # Named like a confirmation or a purchase, but the description and `execute` only
        # dismiss a dialog: the name does not outweigh them.
        Valid(
            tool(
                "confirm_purchase",
                "execute() { document.querySelector('#purchase-dialog').close(); "
                "return { closed: true }; }",
                description="Dismisses the purchase confirmation dialog; nothing is bought.",
            )
        ),
        Valid(
            tool(
                "buy_now",
                "execute() { document.getElementById('dismiss-buy-now').click(); "
                "return { dismissed: true }; }",
                description="Dismiss the buy-now banner at the top of the page.",
            )
        ),
        Valid(
            tool(
                "place_order",
                'execute() { document.querySelector("#order-dialog .close").click(); '
                "closeButton.click(); return { closed: true }; }",
                description="Closes the order dialog without placing anything.",
            )
        ),
        # Words after "and" that are not a verb with an object
        Valid(described("Lists the user's orders and their refund status.")),
        Valid(described("Shows reviews and posts by other readers, newest first.")),
        Valid(described("Counts the orders and refunds of the last month.")),
        # only the first sentence is read: a later one may name another tool's job
        Valid(described("Shows the cart. Delete items with remove_item.")),
        # A consequential word outside the verb's object: the tool creates an alert
        # (app-finance-vanilla/src/tools/alerts.ts).
        Valid(
            described(
                "Create an alert that notifies the user by email or push when the balance "
                "falls below, or a payment goes above, a threshold."
            )
        ),
        Valid(tool("create_alert_for_large_payments", description="Does it.")),
        # annotation-unknown reports the key meant as consequentialHint, and says to use it
        Valid(tool("delete_alert", annotations="{ destructiveHint: true }")),
        Valid(tool("delete_note", annotations="{ consequentalHint: true }")),
    ]
)


def test_the_dropped_destructive_hint_is_one_finding_not_two() -> None:
    code = tool("delete_note", annotations="{ destructiveHint: true }")
    found = lint(code, config={"select": [CONSEQUENTIAL, "annotation-unknown"]})
    assert [d.rule for d in found] == ["annotation-unknown"]
    assert "use `consequentialHint: true`" in found[0].message


test_invalid = RULE_TESTS.invalid(
    [
        Invalid(
            tool("transfer_funds"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("transfer_funds", "says it will transfer"),
                )
            ],
        ),
        Invalid(
            tool("buy_now"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    18,
                    data=unhinted("buy_now", "says it will buy"),
                )
            ],
        ),
        Invalid(
            tool("purchase_ticket"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    26,
                    data=unhinted("purchase_ticket", "says it will purchase"),
                )
            ],
        ),
        Invalid(
            tool("pay_invoice"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    22,
                    data=unhinted("pay_invoice", "says it will pay"),
                )
            ],
        ),
        Invalid(
            tool("checkout"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    19,
                    data=unhinted("checkout", "says it will check out"),
                )
            ],
        ),
        Invalid(
            tool("messages.send"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    24,
                    data=unhinted("messages.send", "says it will send"),
                )
            ],
        ),
        Invalid(
            tool("book_table"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    21,
                    data=unhinted("book_table", "says it will book"),
                )
            ],
        ),
        Invalid(
            tool("send_message"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    23,
                    data=unhinted("send_message", "says it will send"),
                )
            ],
        ),
        Invalid(
            tool("sendEmail"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    20,
                    data=unhinted("sendEmail", "says it will send"),
                )
            ],
        ),
        Invalid(
            tool("post_comment"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    23,
                    data=unhinted("post_comment", "says it will post"),
                )
            ],
        ),
        Invalid(
            tool("delete_account"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("delete_account", "says it will delete"),
                )
            ],
        ),
        Invalid(
            tool("place_order"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    22,
                    data=unhinted("place_order", "says it will place an order"),
                )
            ],
        ),
        Invalid(
            tool("confirm_booking"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    26,
                    data=unhinted("confirm_booking", "says it will confirm a booking"),
                )
            ],
        ),
        Invalid(
            tool("submit_payment"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("submit_payment", "says it will submit a payment"),
                )
            ],
        ),
        Invalid(
            tool("cancel_subscription"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    30,
                    data=unhinted("cancel_subscription", "says it will cancel a subscription"),
                )
            ],
        ),
        Invalid(
            tool("createOrder"),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    22,
                    data=unhinted("createOrder", "says it will create an order"),
                )
            ],
        ),
        # a neutral name with a description that commits
        Invalid(
            described("Books a table at the restaurant."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that books"),
                )
            ],
        ),
        Invalid(
            described("Sends the drafted email to its recipients."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that sends"),
                )
            ],
        ),
        Invalid(
            described("This tool deletes the saved address."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that deletes"),
                )
            ],
        ),
        Invalid(
            described("Places an order for the items in the cart."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that places an order"),
                )
            ],
        ),
        Invalid(
            described("Use to transfer money between the user's accounts."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that transfers"),
                )
            ],
        ),
        Invalid(
            described("Checkout with the saved card and ship to the default address."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that checks out"),
                )
            ],
        ),
        Invalid(
            described("Process a refund for the order."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that processes a refund"),
                )
            ],
        ),
        # More than the first verb: "Start a return ... and refund it"
        # (resolution-app/src/tools/orders/orderTools.ts).
        Invalid(
            tool(
                "return_order",
                description="Start a return for a delivered order within 30 days of delivery "
                "and refund it to the original payment method.",
            ),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    23,
                    data=unhinted("return_order", "is described as one that refunds"),
                )
            ],
        ),
        Invalid(
            described("Reviews the cart, then places the order."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that places an order"),
                )
            ],
        ),
        Invalid(
            described("Drafts a reply and sends it to the customer."),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    25,
                    data=unhinted("handle_request", "is described as one that sends"),
                )
            ],
        ),
        # The description starts with a view verb but goes on to commit: the name stands.
        Invalid(
            tool(
                "confirm_order",
                description="Closes the order summary and sends the order to the kitchen.",
                execute="execute() { summary.close(); return { sent: true }; }",
            ),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    24,
                    data=unhinted("confirm_order", "says it will confirm an order"),
                )
            ],
        ),
        # Dismissing by clicking the dialog's confirm button does commit.
        Invalid(
            tool(
                "confirm_purchase",
                "execute() { document.getElementById('confirm-purchase').click(); "
                "return { done: true }; }",
                description="Dismisses the purchase dialog.",
            ),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    27,
                    data=unhinted("confirm_purchase", "says it will confirm a purchase"),
                )
            ],
        ),
        # The description says it closes a view, but `execute` sends the order.
        Invalid(
            tool(
                "confirm_order",
                'async execute() { await fetch("/api/orders", { method: "POST" }); '
                "summary.close(); }",
                description="Closes the order summary.",
            ),
            [
                Finding(
                    "missing-consequential-hint",
                    2,
                    9,
                    2,
                    24,
                    data=unhinted("confirm_order", "says it will confirm an order"),
                )
            ],
        ),
    ]
)


# MCP clients alone call a tool MCP-B keeps out of Chrome (its hooks before 4.0 on
# `@mcp-b/global` before 3.0): they know no `consequentialHint`, and a tool without
# `readOnlyHint` is already destructive to them.
HOOK_TOOL = (
    'import { useWebMCP } from "@mcp-b/react-webmcp";\n'
    "export function Tools() {\n"
    '  useWebMCP({ name: "delete_item", description: "Deletes an item.", handler: run });\n'
    "}\n"
)

test_hooks_by_version = RULE_TESTS.projects(
    [
        Project(
            {
                "package.json": manifest(
                    dependencies={"@mcp-b/global": "1.4.0", "@mcp-b/react-webmcp": "1.1.1"}
                ),
                "src/main.tsx": 'import "@mcp-b/global";\n',
                "src/Tools.tsx": HOOK_TOOL,
            },
            name="react-webmcp-1-on-global-1",
        ),
        Project(
            {
                # listed, never imported: the hook finds no `navigator.modelContext`
                "package.json": manifest(
                    dependencies={"@mcp-b/global": "^1.5.0", "@mcp-b/react-webmcp": "1.1.1"}
                ),
                "src/Tools.tsx": HOOK_TOOL,
            },
            name="react-webmcp-1-on-nothing",
        ),
        Project(
            {
                "package.json": manifest(
                    dependencies={"@mcp-b/global": "4.0.0", "@mcp-b/react-webmcp": "4.0.0"}
                ),
                "src/main.tsx": 'import "@mcp-b/global";\n',
                "src/Tools.tsx": HOOK_TOOL,
            },
            [
                Placed(
                    "src/Tools.tsx",
                    "missing-consequential-hint",
                    3,
                    21,
                    data=unhinted("delete_item", "says it will delete"),
                )
            ],
            name="react-webmcp-4-on-global-4",
        ),
    ]
)
