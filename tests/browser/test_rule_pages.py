"""Every browser claim on a rule page, checked in Chromium.

A rule whose front matter says `browser: examples` makes claims about what Chromium does
with its examples: each bad example states the failure in its fence (`browser="..."`,
see claims.py), and each good example must run without any error, register exactly the
tools webmcp-lint finds in it (with the same description and schema), and each of those
tools must execute. An error-level rule says `browser: none` when its claim is not about
the browser (e.g. a secret in a description is accepted by the browser).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.claims import GOOD_CLAUSES, ClaimError, Claims, Observation, parse_claims, unmet
from tests.browser.harness import Chromium
from tests.helpers import tools as linted_tools
from webmcp_lint.registry import Example, Rule, parse_front_matter, rules

BROWSER_SETTINGS = ("examples", "none")
RUNNABLE_LANGUAGES = ("js", "html")
ALL_RULES = rules()


def browser_setting(rule: Rule) -> str | None:
    setting = parse_front_matter(rule.page, rule.id).get("browser")
    return setting if isinstance(setting, str) else None


def claimed_examples() -> list[Any]:
    """The examples of `browser: examples` pages that the browser can run (others, e.g.
    a React component, show what a framework renders, which is not the browser's doing)."""
    return [
        pytest.param(rule, example, id=f"{rule.id}:{example.role}:{example.line}")
        for rule in ALL_RULES.values()
        if browser_setting(rule) == "examples"
        for example in rule.examples()
        if example.language in RUNNABLE_LANGUAGES
    ]


def where(rule: Rule, example: Example) -> str:
    return f"the {example.role} example at rules/{rule.id}.md:{example.line}"


# --- The pages say what to check (no browser needed) -----------------------------------


def test_every_error_rule_says_whether_the_browser_verifies_it() -> None:
    for rule in ALL_RULES.values():
        setting = browser_setting(rule)
        if rule.severity == "error":
            assert setting in BROWSER_SETTINGS, (
                f"{rule.id} is an error, which means the browser rejects the code or "
                "silently ignores it: add `browser: examples` to its front matter and state "
                'each bad example\'s failure in its fence (browser="..."), or `browser: none` '
                "when the claim is not about the browser"
            )
        elif setting is not None:
            assert setting in BROWSER_SETTINGS, f"{rule.id}: unknown browser setting {setting!r}"


def test_claims_on_pages_follow_the_syntax() -> None:
    for rule in ALL_RULES.values():
        verified = browser_setting(rule) == "examples"
        for example in rule.examples():
            value = example.attributes.get("browser")
            runnable = example.language in RUNNABLE_LANGUAGES
            if value is None:
                assert not (verified and runnable and example.role == "bad"), (
                    f"{rule.id}: {where(rule, example)} states no browser claim: add "
                    'browser="..." to its fence (e.g. browser="error TypeError")'
                )
                continue
            assert verified, (
                f"{rule.id}: {where(rule, example)} has a browser claim, but the front matter "
                "lacks `browser: examples`, so it would never be checked"
            )
            assert runnable, (
                f"{rule.id}: {where(rule, example)} is {example.language}; the browser runs "
                f"only {' and '.join(RUNNABLE_LANGUAGES)} examples, so its claim cannot be checked"
            )
            try:
                claims = parse_claims(value)
            except ClaimError as error:
                pytest.fail(f"{rule.id}: {where(rule, example)}: {error}")
            if example.role == "bad":
                assert claims.asserts_something, (
                    f"{rule.id}: {where(rule, example)} asserts nothing"
                )
            else:
                wrong = [str(c) for c in claims.clauses if c.verb not in GOOD_CLAUSES]
                assert not wrong, f"{rule.id}: {where(rule, example)} is good but claims {wrong}"
        if verified:
            claimed = [e for e in rule.examples() if e.role == "bad" and "browser" in e.attributes]
            assert claimed, (
                f"{rule.id} says `browser: examples`, but none of its bad examples is one the "
                f"browser runs ({' or '.join(RUNNABLE_LANGUAGES)}) with a claim"
            )


# --- The claims hold in Chromium ------------------------------------------------------


@pytest.mark.parametrize(("rule", "example"), claimed_examples())
def test_example_in_chromium(chromium: Chromium, rule: Rule, example: Example) -> None:
    claims = parse_claims(example.attributes.get("browser", ""))
    good = example.role == "good"
    seen = chromium.observe(example.code, example.language, claims, run_registered_tools=good)
    problems = unmet(claims, seen)
    if good:
        problems += differences_from_the_linter(example, seen)
    claimed = f' claims browser="{claims}"' if claims.clauses else " claims to run cleanly"
    assert not problems, (
        f"{rule.id}: {where(rule, example)}{claimed}, but in Chromium {chromium.version}:\n"
        + "\n".join(f"  - {problem}" for problem in problems)
        + "\nObserved:\n"
        + seen.summary()
    )


def differences_from_the_linter(example: Example, seen: Observation) -> list[str]:
    """A good example registers exactly the tools webmcp-lint finds in it, as written."""
    found = linted_tools(example.code, example.filename)
    names = [js_string(tool["name"]) for tool in found if tool["name"] is not None]
    registered = seen.registered_by_example
    problems = []
    if len(names) == len(found):
        differ = sorted(names) != sorted(registered)
    else:  # a tool whose name only the browser knows (e.g. from prelude.js)
        differ = not set(names) <= set(registered)
    if differ:
        problems.append(f"webmcp-lint finds the tools {names}, Chromium registered {registered}")
    for tool in found:
        served = seen.tool(js_string(tool["name"])) if tool["name"] is not None else None
        if served is None:
            continue
        for key in ("description", "inputSchema"):
            if not contains_none(tool[key]) and tool[key] != served.get(key):
                problems.append(
                    f"{served['name']}: webmcp-lint reads the {key} {tool[key]!r}, Chromium "
                    f"serves {served.get(key)!r}"
                )
    return problems


def js_string(value: Any) -> str:
    """`String(value)` for the JSON-like values the linter reports."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def contains_none(value: Any) -> bool:
    """Whether a value from the tool manifest has an unknown (None) part."""
    stack = [value]
    while stack:
        current = stack.pop()
        if current is None:
            return True
        if isinstance(current, dict):
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)
    return False


def test_a_wrong_claim_is_reported_with_the_rule_and_what_happened(chromium: Chromium) -> None:
    """The check can fail: a page claiming the wrong error gets a failure naming both."""
    code = 'document.modelContext.registerTool({ name: "a b", description: "d", execute: f });'
    claims = parse_claims("error TypeError; registers a_b")
    seen = chromium.observe(code, "js", claims)
    assert unmet(claims, seen) == [
        "no TypeError was raised",
        "an unclaimed error was raised: ReferenceError: f is not defined (thrown)",
        "expected exactly a_b registered, got no tool",
    ]
    assert unmet(parse_claims("error ReferenceError: f is not defined"), seen) == []


def test_an_empty_claim_list_means_the_example_must_run_cleanly(chromium: Chromium) -> None:
    seen = chromium.observe("await Promise.reject(new RangeError('late'));", "js", Claims())
    assert unmet(Claims(), seen) == ["an unclaimed error was raised: RangeError: late (thrown)"]
