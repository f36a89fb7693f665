"""Annotation hints: what a tool's name, description and execute say it should declare."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import lint, only, run_cli


def tool(
    name: str,
    execute: str = "execute() { return { ok: true }; }",
    annotations: str | None = None,
    description: str = "Does what its name says.",
) -> str:
    annotations_line = f"  annotations: {annotations},\n" if annotations is not None else ""
    return (
        "document.modelContext.registerTool({\n"
        f'  name: "{name}",\n'
        f'  description: "{description}",\n'
        f"{annotations_line}"
        f"  {execute},\n"
        "});\n"
    )


def found(code: str, rule: str, **options: object) -> list[str]:
    config = {"options": {rule: options}} if options else None
    return [f"{d.line}:{d.column}" for d in only(lint(code, "example.js", config), rule)]


# -- read-only-hint -----------------------------------------------------------------------


def test_query_tool_without_read_only_hint_is_flagged_at_its_name() -> None:
    code = tool(
        "get_order_status", "async execute({ id }, { signal }) { return load(id, signal); }"
    )
    [finding] = only(lint(code), "read-only-hint")
    assert (finding.line, finding.column, finding.end_column) == (2, 9, 27)
    assert "`readOnlyHint: true`" in finding.message


@pytest.mark.parametrize(
    "name",
    [
        "get_cart",
        "list_orders",
        "searchProducts",
        "find-stores",
        "lookup_zip_code",
        "count_items",
        "check_availability",
        "describe_product",
        "show_order_summary",
    ],
)
def test_reading_names_are_flagged(name: str) -> None:
    execute = (
        "execute() { const items = cart.items.map((i) => i.id); items.push(1); return items; }"
    )
    assert len(found(tool(name, execute), "read-only-hint")) == 1


@pytest.mark.parametrize(
    ("name", "execute", "annotations", "description"),
    [
        # the hint is there, or deliberately false, or the tool is consequential
        ("get_cart", None, "{ readOnlyHint: true }", None),
        ("get_cart", None, "{ readOnlyHint: false }", None),
        ("get_quote", None, "{ consequentialHint: true }", None),
        ("get_cart", None, "hints", None),
        # the name does not read, or also changes
        ("add_to_cart", None, None, None),
        ("search_and_add", None, None, None),
        ("get_or_create_cart", None, None, None),
        ("check_in", None, None, None),
        ("checkout", None, None, None),
        # the description says it changes the page
        ("show_cart", None, None, "Opens the cart drawer."),
        ("show_results", None, None, "Displays the results on the page."),
        # execute changes something, or cannot be seen
        ("get_cart", "async execute() { await fetch('/x', { method: 'POST' }); }", None, None),
        ("show_cart", "execute() { setDrawerOpen(true); return {}; }", None, None),
        ("view_product", "execute({ id }) { router.push('/p/' + id); return {}; }", None, None),
        ("get_token", "execute() { state.lastRead = Date.now(); return state.token; }", None, None),
        ("get_cart", "execute() { cartView.render(); return {}; }", None, None),
        ("get_cart", "execute() { return updateAndRead(); }", None, None),
        ("get_cart", "execute: makeExecute()", None, None),
    ],
)
def test_read_only_hint_near_misses(
    name: str, execute: str | None, annotations: str | None, description: str | None
) -> None:
    code = tool(
        name,
        execute or "execute() { return { ok: true }; }",
        annotations,
        description or "Does what its name says.",
    )
    assert found(code, "read-only-hint") == []


def test_mutations_in_same_file_helpers_count() -> None:
    code = "function remember(q) { localStorage.setItem('q', q); }\n" + tool(
        "search_recipes", "execute({ q }) { remember(q); return { q }; }"
    )
    assert found(code, "read-only-hint") == []


def test_declarative_forms_are_not_asked_for_annotations() -> None:
    html = (
        '<form toolname="search_flights" tooldescription="Finds flights on a day.">'
        '<input name="to" toolparamdescription="Arrival airport"></form>'
    )
    assert not only(lint(html, "page.html"), "read-only-hint")


# -- consequential-hint -------------------------------------------------------------------


def test_consequential_name_without_the_hint_is_flagged() -> None:
    [finding] = only(lint(tool("transfer_funds")), "consequential-hint")
    assert (finding.line, finding.column, finding.end_column) == (2, 9, 25)
    assert "`consequentialHint: true`" in finding.message


@pytest.mark.parametrize(
    "name",
    [
        "buy_now",
        "purchase_ticket",
        "pay_invoice",
        "checkout",
        "book_table",
        "send_message",
        "sendEmail",
        "post_comment",
        "delete_account",
        "place_order",
        "confirm_booking",
        "submit_payment",
        "cancel_subscription",
        "createOrder",
    ],
)
def test_consequential_names_are_flagged(name: str) -> None:
    assert len(found(tool(name), "consequential-hint")) == 1


@pytest.mark.parametrize(
    "description",
    [
        "Books a table at the restaurant.",
        "Sends the drafted email to its recipients.",
        "This tool deletes the saved address.",
        "Places an order for the items in the cart.",
        "Use to transfer money between the user's accounts.",
    ],
)
def test_consequential_descriptions_are_flagged(description: str) -> None:
    assert len(found(tool("handle_request", description=description), "consequential-hint")) == 1


@pytest.mark.parametrize(
    ("name", "annotations", "description"),
    [
        ("place_order", "{ consequentialHint: true }", None),
        ("place_order", "{ consequentialHint: false }", None),
        ("delete_account", "{ readOnlyHint: true }", None),  # annotation-conflict's business
        ("place_order", "{ ...defaults }", None),
        ("___", None, "Deletes the account."),
        ("", None, "Deletes the account."),
        # routine objects and nouns
        ("delete_filter", None, None),
        ("remove_from_cart", None, None),
        ("cancel_search", None, None),
        ("book_details", None, None),
        ("order_by_date", None, None),
        ("order_history", None, None),
        ("book_cover", None, None),
        ("order_pizza_menu", None, "Lists the pizzas the user can order."),
        ("list_orders", None, None),
        ("get_booking", None, None),
        ("initiate_booking", None, None),
        ("start_checkout", None, None),
        ("add_to_cart", None, None),
        # reading tools whose description starts with a noun
        ("list_orders", None, "Orders placed in the last month, newest first."),
        ("get_posts", None, "Posts by the user, newest first."),
        # a description that only mentions the word
        ("search_flights", None, "Finds flights the user can book later."),
        ("open_checkout", None, "Opens the checkout page, where the user pays."),
    ],
)
def test_consequential_near_misses(
    name: str, annotations: str | None, description: str | None
) -> None:
    code = tool(name, annotations=annotations, description=description or "Does it.")
    assert found(code, "consequential-hint") == []


# -- annotation-conflict ------------------------------------------------------------------


def test_read_only_and_consequential_together() -> None:
    code = tool("ban_user", annotations="{ readOnlyHint: true, consequentialHint: true }")
    [finding] = only(lint(code), "annotation-conflict")
    assert (finding.line, finding.column, finding.end_column) == (4, 18, 36)
    assert finding.related[0].message == "consequentialHint is set here"


def test_a_post_conflicts_only_when_the_name_says_the_tool_changes_something() -> None:
    post = "async execute({ text }) { return (await fetch('/api', { method: 'POST', body: text })).text(); }"
    for name in ("translate_text", "search_products", "get_quote"):
        assert found(tool(name, post, "{ readOnlyHint: true }"), "annotation-conflict") == []
    for name in ("post_reply", "save_note", "send_message"):
        assert len(found(tool(name, post, "{ readOnlyHint: true }"), "annotation-conflict")) == 1


@pytest.mark.parametrize(
    ("execute", "says"),
    [
        ("async execute() { await fetch('/x', { method: 'DELETE' }); }", "DELETE request"),
        ("async execute() { await fetch(new Request('/x', { method: 'put' })); }", "PUT"),
        ("execute() { localStorage.setItem('k', 'v'); }", "localStorage"),
        ("execute() { window.sessionStorage.clear(); }", "sessionStorage"),
        ("execute() { location.href = '/next'; }", "navigates"),
        ("execute() { window.location = '/next'; }", "navigates"),
        ("execute() { location.assign('/next'); }", "navigates"),
        ("execute() { history.pushState({}, '', '/x'); }", "history.pushState"),
        ("execute() { this.router.navigate(['/x']); }", "this.router.navigate"),
        ("execute() { document.querySelector('form').requestSubmit(); }", "requestSubmit"),
        ("execute() { button.click(); }", "click"),
        ("execute() { document.cookie = 'a=1'; }", "document.cookie"),
        ("execute() { navigator.sendBeacon('/log', 'x'); }", "sendBeacon"),
        ("execute() { window.open('/help'); }", "opens a window"),
    ],
)
def test_read_only_tools_that_change_state(execute: str, says: str) -> None:
    [finding] = only(lint(tool("get_x", execute, "{ readOnlyHint: true }")), "annotation-conflict")
    assert says in finding.message
    assert finding.related[0].message == "changes state here"


def test_react_state_setters_and_helpers_count() -> None:
    code = (
        "function Panel() {\n"
        "  const [tab, setTab] = useState('a');\n"
        "  function go(t) { setTab(t); }\n"
        + tool("view_tab", "execute({ t }) { go(t); return { t }; }", "{ readOnlyHint: true }")
        + "}\n"
    )
    [finding] = only(lint(code, "Panel.jsx"), "annotation-conflict")
    assert "(in `go`)" in finding.message


@pytest.mark.parametrize(
    ("execute", "annotations"),
    [
        ("async execute(i, { signal }) { return (await fetch('/x', { signal })).json(); }", None),
        ("async execute() { await fetch('/x', { method: 'GET' }); }", None),
        ("async execute() { await fetch('/x', init); }", None),
        (
            "execute() { const u = new URL(location.href); u.searchParams.set('a', 1); return 1; }",
            None,
        ),
        ("execute() { return localStorage.getItem('k'); }", None),
        ("execute() { saveDraft(); return 1; }", None),  # effect not visible: no conflict claim
        ("execute() { cache.set('k', 1); return 1; }", None),
        ("execute() { location.assign('/x'); }", "{ readOnlyHint: false }"),
        ("execute() { location.assign('/x'); }", "{ consequentialHint: true }"),
        ("execute() { location.assign('/x'); }", "hints"),
    ],
)
def test_conflict_near_misses(execute: str, annotations: str | None) -> None:
    code = tool("get_x", execute, annotations or "{ readOnlyHint: true }")
    assert found(code, "annotation-conflict") == []


# -- untrusted-content-hint ---------------------------------------------------------------


def test_user_content_tool_without_the_hint_is_info() -> None:
    code = tool("get_product_reviews", annotations="{ readOnlyHint: true }")
    [finding] = only(lint(code), "untrusted-content-hint")
    assert finding.severity == "info"
    assert (finding.line, finding.column) == (2, 9)
    assert "returns reviews" in finding.message


@pytest.mark.parametrize(
    "name",
    [
        "list_comments",
        "list_comments_for_post",
        "search_issues",
        "read_inbox",
        "get_messages",
        "getSupportTickets",
        "summarize_reviews",
        "read_document",
    ],
)
def test_user_content_names_are_reported(name: str) -> None:
    assert (
        len(found(tool(name, annotations="{ readOnlyHint: true }"), "untrusted-content-hint")) == 1
    )


@pytest.mark.parametrize(
    ("name", "annotations"),
    [
        ("get_reviews", "{ readOnlyHint: true, untrustedContentHint: true }"),
        ("get_reviews", "{ untrustedContentHint: false }"),
        ("get_reviews", "{ ...hints }"),
        ("count_reviews", None),
        ("get_review_count", None),
        ("get_ticket_status", None),
        ("get_forum_rules", None),
        ("post_comment", None),
        ("delete_message", None),
        ("get_user_preferences", None),
        ("list_system_locales", None),
    ],
)
def test_untrusted_near_misses(name: str, annotations: str | None) -> None:
    assert found(tool(name, annotations=annotations), "untrusted-content-hint") == []


def test_third_party_fetches_and_the_trusted_origins_option() -> None:
    code = tool(
        "get_weather",
        "async execute({ city }, { signal }) {\n"
        "    const r = await fetch(`https://api.weather.example/v1?city=${city}`, { signal });\n"
        "    return r.json();\n  }",
        "{ readOnlyHint: true }",
    )
    [message] = [d.message for d in only(lint(code), "untrusted-content-hint")]
    assert "https://api.weather.example" in message
    trusted = {"trusted-origins": ["https://api.weather.example"]}
    assert found(code, "untrusted-content-hint", **trusted) == []


def test_trusted_origins_from_a_configuration_file(tmp_path: Path) -> None:
    (tmp_path / "webmcp-lint.toml").write_text(
        'select = ["annotations"]\n'
        '[options.untrusted-content-hint]\ntrusted-origins = ["https://api.weather.example"]\n'
    )
    (tmp_path / "weather.js").write_text(
        tool(
            "get_weather",
            "async execute(i, { signal }) {\n"
            "    return (await fetch('https://api.weather.example/now', { signal })).json();\n  }",
            "{ readOnlyHint: true }",
        )
    )
    result = run_cli("check", "--output-format", "json", "weather.js", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout) == []


@pytest.mark.parametrize(
    "url",
    ["'/api/weather'", "`/api/weather?city=${city}`", "`${base}/weather`", "url"],
)
def test_same_origin_or_unknown_urls_are_not_third_party(url: str) -> None:
    code = tool(
        "get_weather",
        f"async execute({{ city }}, {{ signal }}) {{ return (await fetch({url}, {{ signal }})).json(); }}",
        "{ readOnlyHint: true }",
    )
    assert found(code, "untrusted-content-hint") == []


def test_a_tool_that_posts_to_a_third_party_is_not_reported_as_returning_its_content() -> None:
    code = tool(
        "share_link",
        "async execute({ url }, { signal }) {\n"
        "    await fetch('https://share.example/api', { method: 'POST', body: url, signal });\n"
        "    return { shared: true };\n  }",
    )
    assert found(code, "untrusted-content-hint") == []


@pytest.mark.parametrize(
    ("rule", "name"),
    [
        ("read-only-hint", "get_cart"),
        ("consequential-hint", "place_order"),
        ("untrusted-content-hint", "get_reviews"),
    ],
)
def test_hints_apply_to_framework_integrations(rule: str, name: str) -> None:
    from tests.rules.tool_code import run_check

    code = tool(name)
    for integration in ("use-webmcp-tool", "angular", "@vueuse/core"):
        changes = {"kind": "integration", "integration": integration}
        assert len(run_check(code, rule, **changes)) == 1
    assert run_check(code, rule, kind="declarative") == []
