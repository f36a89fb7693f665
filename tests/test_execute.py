"""The execute rules: each finding, where it is, and the near-misses that must stay silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import REPO, lint, only
from webmcp_lint.checks import CheckContext
from webmcp_lint.extract import extract
from webmcp_lint.files import language_of
from webmcp_lint.model import Finding, SourceFile
from webmcp_lint.registry import checks

EXECUTE_RULES = (
    "execute-no-throw",
    "execute-forward-signal",
    "execute-params-match-schema",
    "execute-apply-defaults",
    "execute-validate-input",
    "execute-result-serializable",
    "no-execute-client-param",
)


def tool(execute: str, schema: str | None = None, extra: str = "") -> str:
    """A registration whose only interesting part is `execute` (and its schema)."""
    schema_line = f"  inputSchema: {schema},\n" if schema else ""
    return (
        "document.modelContext.registerTool({\n"
        '  name: "do_it",\n'
        '  description: "Does it.",\n'
        f"{schema_line}{extra}"
        f"  {execute},\n"
        "});\n"
    )


def found(code: str, rule: str, filename: str = "example.js", **config: Any) -> list[str]:
    """`line:column` of each finding of `rule`."""
    settings = {"options": {rule: config}} if config else None
    return [f"{d.line}:{d.column}" for d in only(lint(code, filename, settings), rule)]


def messages(code: str, rule: str, filename: str = "example.js") -> list[str]:
    return [d.message for d in only(lint(code, filename), rule)]


def run_check(code: str, rule: str, filename: str = "example.js", **changes: Any) -> list[Finding]:
    """Run one check on the extracted model, with tool fields overridden (as the
    framework extractors set them)."""
    path = Path(filename)
    language = language_of(path)
    assert language is not None
    model = extract(SourceFile(path, filename, language, code.encode()))
    for found_tool in model.tools:
        for key, value in changes.items():
            setattr(found_tool, key, value)
    spec = checks()[rule]
    return list(spec.function(model, CheckContext(dict(spec.options))))


# -- execute-no-throw ---------------------------------------------------------------------


def test_throw_is_flagged_with_its_position_and_the_structured_return() -> None:
    code = tool('async execute({ id }) {\n    if (!id) throw new Error("Pick a product");\n  }')
    [finding] = only(lint(code), "execute-no-throw")
    assert (finding.line, finding.column, finding.end_line, finding.end_column) == (5, 14, 5, 48)
    assert "UnknownError" in finding.message
    assert '`return { error: "Pick a product", retryable: false }`' in finding.message


@pytest.mark.parametrize(
    "execute",
    [
        'execute: () => Promise.reject(new Error("no"))',
        'async execute() { return Promise.reject("no"); }',
        'execute(input) { throw "plain string"; }',
        "async execute(input) { try { await save(input); } catch (error) { throw error; } }",
        "async execute() { try { go(); } finally { throw new Error('x'); } }",
        "async execute() { try { go(); } catch { report(); } throw new Error('after'); }",
        "async execute(input, { signal }) { if (input.bad) throw new Error('bad'); }",
        "async execute(input) { switch (input.kind) { default: throw new Error('kind'); } }",
    ],
)
def test_throws_that_fail_the_call_are_flagged(execute: str) -> None:
    assert len(found(tool(execute), "execute-no-throw")) == 1


@pytest.mark.parametrize(
    "execute",
    [
        # passing the abort on
        "async execute(input, { signal }) { if (signal.aborted) throw signal.reason; }",
        "async execute(input, options) { if (options.signal.aborted) throw new Error('x'); }",
        "async execute(input, { signal: s }) { if (s.aborted) throw new DOMException('a'); }",
        "async execute(input, { signal }) { throw signal.reason; }",
        "async execute(input, { signal }) {\n"
        "  try { return await load(input, signal); }\n"
        "  catch (error) { if (signal.aborted) throw error; return { error: 'x' }; }\n}",
        "async execute(input, { signal }) {\n"
        "  try { return await load(input, signal); }\n"
        "  catch (error) { if (signal.aborted) return null; throw error; }\n}",
        "async execute(input) {\n"
        "  try { return await load(input); }\n"
        "  catch (error) { if (error.name === 'AbortError') throw error; return { error: 'x' }; }\n}",
        # caught inside execute
        "async execute() { try { throw new Error('x'); } catch (e) { return { error: e.message }; } }",
        # in callbacks: not the execute's own completion
        "execute() { return new Promise((resolve, reject) => { reject(new Error('x')); }); }",
        "execute() { return load().then((r) => { if (!r) throw new Error('x'); return r; }); }",
        "execute() { function fail() { throw new Error('x'); } return { ok: true }; }",
        # no throw at all; a method called reject on something else
        "execute() { return { error: 'Not found', retryable: false }; }",
        "execute() { queue.reject('x'); return { ok: true }; }",
        "execute() { const Promise = lib; return Promise.reject('x'); }",
    ],
)
def test_throw_near_misses(execute: str) -> None:
    assert found(tool(execute), "execute-no-throw") == []


def test_a_throwing_same_file_helper_is_flagged_at_the_call() -> None:
    code = (
        "function check(q) {\n"
        '  if (!q) throw new Error("Say what to search for");\n'
        "  return q;\n"
        "}\n" + tool("execute({ q }) { return { q: check(q) }; }")
    )
    [finding] = only(lint(code), "execute-no-throw")
    assert (finding.line, finding.column) == (8, 32)
    assert "`check()` can throw (line 2)" in finding.message
    assert [r.message for r in finding.related] == ["thrown here"]
    assert finding.related[0].location.line == 2


@pytest.mark.parametrize(
    "execute",
    [
        "async execute({ q }) { try { return check(q); } catch { return { error: 'x' }; } }",
        "execute({ q }) { later(q); return { ok: true }; }",  # async helper, not awaited
        "execute({ q }) { return { ok: safe(q) }; }",  # the helper catches its own throw
    ],
)
def test_helper_near_misses(execute: str) -> None:
    helpers = (
        "function check(q) { if (!q) throw new Error('x'); return q; }\n"
        "async function later(q) { if (!q) throw new Error('x'); }\n"
        "function safe(q) { try { throw new Error('x'); } catch { return null; } }\n"
    )
    assert found(helpers + tool(execute), "execute-no-throw") == []


def test_awaited_async_helper_that_rejects_is_flagged() -> None:
    code = "async function later(q) { if (!q) throw new Error('x'); }\n" + tool(
        "async execute({ q }) { await later(q); return { ok: true }; }"
    )
    assert found(code, "execute-no-throw") == ["5:32"]


def test_use_webmcp_tool_turns_throws_into_errors_so_they_are_not_flagged() -> None:
    code = tool("execute() { throw new Error('Coupon expired. Ask for another code.'); }")
    assert len(run_check(code, "execute-no-throw")) == 1
    assert (
        run_check(code, "execute-no-throw", kind="integration", integration="use-webmcp-tool") == []
    )
    assert len(run_check(code, "execute-no-throw", kind="integration", integration="angular")) == 1


def test_execute_defined_elsewhere_in_the_file() -> None:
    code = (
        "async function run({ id }) { if (!id) throw new Error('x'); }\n"
        "const handler = async () => { throw new Error('y'); };\n"
        "document.modelContext.registerTool({ name: 'a', description: 'A.', execute: run });\n"
        "document.modelContext.registerTool({ name: 'b', description: 'B.', execute: handler });\n"
        "class Tools { async execute() { throw new Error('not a tool'); } }\n"
    )
    assert found(code, "execute-no-throw") == ["1:39", "2:31"]


def test_unknown_execute_is_silent() -> None:
    code = tool("execute: makeHandler()") + tool("execute: handlers.search")
    assert found(code, "execute-no-throw") == []


# -- execute-forward-signal ---------------------------------------------------------------


def test_fetch_without_signal_is_flagged_with_its_position() -> None:
    code = tool(
        "async execute({ id }, { signal }) {\n    return (await fetch(`/api/${id}`)).json();\n  }"
    )
    [finding] = only(lint(code), "execute-forward-signal")
    assert (finding.line, finding.column, finding.end_column) == (5, 19, 38)
    assert "`fetch(url, { signal })`" in finding.message


@pytest.mark.parametrize(
    ("execute", "says"),
    [
        ("async execute({ id }) { return fetch('/api/' + id); }", "Take `{ signal }`"),
        (
            "async execute(i, opts) { await fetch('/x', { method: 'POST' }); }",
            "signal: opts.signal",
        ),
        ("async execute(i, { signal: s }) { await fetch('/x', {}); }", "signal: s"),
        ("async execute(i, { signal }) { await window.fetch('/x'); }", "{ signal }"),
        (
            "async execute(i, { signal }) { await fetch('/x', { signal: AbortSignal.timeout(5000) }); }",
            "AbortSignal.any([signal",
        ),
        (
            "async execute({ ids }, { signal }) { await Promise.all(ids.map((id) => fetch(id))); }",
            "",
        ),
        ("async execute(i, { signal }) { await fetch(new Request('/x')); }", ""),
        (
            "async execute(i, { signal }) { const init = { method: 'PUT' }; await fetch('/x', init); }",
            "",
        ),
    ],
)
def test_fetch_without_the_execution_signal_is_flagged(execute: str, says: str) -> None:
    [message] = messages(tool(execute), "execute-forward-signal")
    assert says in message


@pytest.mark.parametrize(
    "execute",
    [
        "async execute(i, { signal }) { await fetch('/x', { signal }); }",
        "async execute(i, { signal }) { await fetch('/x', { ...defaults, signal }); }",
        "async execute(i, opts) { await fetch('/x', { signal: opts.signal }); }",
        "async execute(i, opts) { await fetch('/x', opts); }",
        "async execute(i, { signal }) { await fetch('/x', { ...init }); }",
        "async execute(i, { signal }) { await fetch('/x', makeInit(signal)); }",
        "async execute(i, { signal }) {\n"
        "  await fetch('/x', { signal: AbortSignal.any([signal, AbortSignal.timeout(9)]) }); }",
        "async execute(i, { signal }) { await fetch(new Request('/x', { signal })); }",
        "async execute(i, { signal }) { const r = new Request('/x', { signal }); await fetch(r); }",
        "async execute(i, { signal }) { await fetch(request); }",
        "async execute(i, { signal }) { const fetch = cachedFetch; await fetch('/x'); }",
        "async execute(i, { signal }) { await api.fetch('/x'); }",
        "async execute(i, { signal }) { return load(i.id, signal); }",
    ],
)
def test_forwarded_or_unknown_signals_are_not_flagged(execute: str) -> None:
    helpers = "async function load(id, signal) { return fetch('/api/' + id, { signal }); }\n"
    assert found(helpers + tool(execute), "execute-forward-signal") == []


def test_helper_that_fetches_without_a_signal_is_flagged_at_the_call() -> None:
    code = "async function load(id) { return (await fetch('/api/' + id)).json(); }\n" + tool(
        "async execute({ id }, { signal }) { return load(id); }"
    )
    [finding] = only(lint(code), "execute-forward-signal")
    assert (finding.line, finding.column) == (5, 46)
    assert "pass the signal to `load()`" in finding.message
    assert finding.related[0].location.line == 1


def test_helper_given_the_signal_or_managing_its_own_is_not_flagged() -> None:
    code = (
        "async function load(id, opts) { return fetch('/api/' + id, opts); }\n"
        "async function poll(id) { const c = new AbortController(); "
        "return fetch('/p/' + id, { signal: c.signal }); }\n"
        + tool("async execute({ id }, { signal }) { await load(id, { signal }); return poll(id); }")
    )
    assert found(code, "execute-forward-signal") == []


@pytest.mark.parametrize(
    "execute",
    [
        # a polling loop that never looks at the signal
        "async execute(i, { signal }) {\n"
        "  while (!job.done) await new Promise((r) => setTimeout(r, 200));\n"
        "  return job.result; }",
        "async execute() { for (let n = 0; n < 10; n++) { await sleep(500); } return 1; }",
        # one long wait in an execute that never looks at the signal
        "async execute() { await new Promise((resolve) => setTimeout(resolve, 3000)); }",
        "async execute() { await sleep(2000); return 1; }",
        "async execute() { await wait(); return 1; }",  # a polling helper (setInterval)
    ],
)
def test_waits_that_ignore_the_signal_are_flagged(execute: str) -> None:
    helpers = (
        "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\n"
        "function wait() { return new Promise((r) => { const t = setInterval(() => "
        "{ if (ready()) { clearInterval(t); r(); } }, 100); }); }\n"
    )
    assert len(found(helpers + tool(execute), "execute-forward-signal")) == 1


@pytest.mark.parametrize(
    "execute",
    [
        # the loop checks the signal, or the wait is given it
        "async execute(i, { signal }) { while (!signal.aborted) { await sleep(500); } }",
        "async execute(i, { signal }) { for (;;) { signal.throwIfAborted(); await sleep(500); } }",
        "async execute(i, { signal }) {\n"
        "  while (!done) { const r = await fetch('/s', { signal }); await sleep(500); } }",
        "async execute(i, { signal }) { while (!done) await sleepFor(500, signal); }",
        # a single wait: short, or the execute looks at the signal afterwards
        "async execute() { await sleep(300); return 1; }",
        "async execute() { await new Promise((r) => setTimeout(r)); return 1; }",
        "async execute(i, { signal }) { await sleep(5000); if (signal.aborted) return null; }",
        "async execute() { await sleep(ms); return 1; }",  # an unknown delay
        # not a timer
        "async execute(i, { signal }) { for (const id of i.ids) await save(id); }",
        "async execute() { await Promise.race([work(), sleep(9000)]); }",
    ],
)
def test_wait_near_misses(execute: str) -> None:
    helpers = (
        "const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));\n"
        "const sleepFor = (ms, signal) => new Promise((resolve, reject) => {\n"
        "  setTimeout(resolve, ms); signal.addEventListener('abort', reject); });\n"
    )
    assert found(helpers + tool(execute), "execute-forward-signal") == []


def test_timers_from_node_timers_promises_and_the_min_wait_option() -> None:
    code = "import { setTimeout as delay } from 'node:timers/promises';\n" + tool(
        "async execute() { await delay(500); return 1; }"
    )
    assert found(code, "execute-forward-signal") == []
    assert found(code, "execute-forward-signal", **{"min-wait-ms": 100}) == ["5:21"]


def test_integrations_without_a_known_signal_are_only_checked_when_execute_takes_one() -> None:
    without = tool("async execute({ id }) { return fetch('/api/' + id); }")
    declared = tool("async execute({ id }, { signal }) { return fetch('/api/' + id); }")
    vue = {"kind": "integration", "integration": "@vueuse/core"}
    react = {"kind": "integration", "integration": "use-webmcp-tool"}
    assert run_check(without, "execute-forward-signal", **vue) == []
    assert len(run_check(declared, "execute-forward-signal", **vue)) == 1
    assert len(run_check(without, "execute-forward-signal", **react)) == 1


# -- execute-params-match-schema ----------------------------------------------------------

SCHEMA = (
    '{ type: "object", properties: { query: { type: "string", description: "Words" },'
    ' limit: { type: "integer", description: "How many" } }, required: ["query"] }'
)


def test_a_property_missing_from_the_schema_is_flagged_with_a_suggestion() -> None:
    code = tool("execute({ qeury, limit }) { return { qeury, limit }; }", SCHEMA)
    [finding] = only(lint(code), "execute-params-match-schema")
    assert (finding.line, finding.column, finding.end_column) == (5, 13, 18)
    assert "Did you mean `query`?" in finding.message


@pytest.mark.parametrize(
    ("execute", "keys"),
    [
        ("execute(input) { return [input.query, input.page]; }", ["page"]),
        ("execute(input) { return input['sort']; }", ["sort"]),
        ("execute(args) { const { query, offset } = args; return offset; }", ["offset"]),
        ("execute({ Query }) { return Query; }", ["Query"]),
        ("execute({ query, filters: { color } }) { return color; }", ["filters"]),
        ("execute({ max = 5 }) { return max; }", ["max"]),
        ("execute(input) { return (input as Input).cursor; }", ["cursor"]),
    ],
)
def test_reads_of_undefined_properties_are_flagged(execute: str, keys: list[str]) -> None:
    code = tool(execute, SCHEMA)
    flagged = messages(code, "execute-params-match-schema", "x.ts")
    assert [m.split("`")[3] for m in flagged] == keys


@pytest.mark.parametrize(
    ("execute", "schema"),
    [
        ("execute({ query, limit }) { return 1; }", SCHEMA),
        ("execute(input) { return input.hasOwnProperty('query') && input.toString(); }", SCHEMA),
        ("execute(input) { return input[key]; }", SCHEMA),
        ("execute({ query, ...rest }) { return rest.page; }", SCHEMA),
        # schemas that are not fully known or that accept more
        ("execute({ page }) { return page; }", "schema"),
        ("execute({ page }) { return page; }", "{ ...base, properties: { query: {} } }"),
        ("execute({ page }) { return page; }", "{ type: 'object', properties: props }"),
        ("execute({ page }) { return page; }", "{ type: 'object' }"),
        (
            "execute({ page }) { return page; }",
            "{ type: 'object', properties: { q: {} }, additionalProperties: true }",
        ),
        (
            "execute({ page }) { return page; }",
            "{ type: 'object', properties: { q: {} }, anyOf: [{ properties: { page: {} } }] }",
        ),
        ("execute({ page }) { return page; }", None),
    ],
)
def test_params_match_near_misses(execute: str, schema: str | None) -> None:
    assert found(tool(execute, schema), "execute-params-match-schema") == []


def test_signal_destructured_from_the_input_gets_its_own_message() -> None:
    code = tool("async execute({ query, signal }) { return fetch('/s', { signal }); }", SCHEMA)
    [message] = messages(code, "execute-params-match-schema")
    assert "`execute(input, { signal })`" in message


def test_params_match_accepts_additional_properties_false() -> None:
    schema = "{ type: 'object', properties: { q: {} }, additionalProperties: false }"
    assert (
        len(
            found(tool("execute({ page }) { return page; }", schema), "execute-params-match-schema")
        )
        == 1
    )


# -- execute-apply-defaults ---------------------------------------------------------------

DEFAULTS = (
    '{ type: "object", properties: { query: { type: "string", description: "Words" },'
    ' limit: { type: "integer", default: 10, description: "How many" },'
    ' sort: { type: "string", enum: ["price", "name"], default: "price", description: "Order" } },'
    ' required: ["query"] }'
)


def test_an_unapplied_default_is_flagged_where_it_is_read() -> None:
    code = tool("execute({ query, limit }) { return items(query).slice(0, limit); }", DEFAULTS)
    [finding] = only(lint(code), "execute-apply-defaults")
    assert (finding.line, finding.column, finding.end_column) == (5, 20, 25)
    assert "`{ limit = 10 }` or `limit ?? 10`" in finding.message
    assert finding.related[0].message == "the default the schema declares"


@pytest.mark.parametrize(
    "execute",
    [
        "execute({ limit }) { return list.slice(0, limit); }",
        "execute(input) { return list.slice(0, input.limit); }",
        "execute(args) { const { limit } = args; return `${limit} items`; }",
        "execute({ limit }) { return { shown: limit }; }",
        "execute({ limit }) { return list.slice(0, Number(limit)); }",
        "execute({ limit }) { return fetch(`/orders?limit=${encodeURIComponent(limit)}`); }",
    ],
)
def test_defaults_used_without_a_fallback_are_flagged(execute: str) -> None:
    assert len(found(tool(execute, DEFAULTS), "execute-apply-defaults")) == 1


@pytest.mark.parametrize(
    "execute",
    [
        "execute({ limit = 10, sort = 'price' }) { return [limit, sort]; }",
        "execute({ limit, sort }) { return [limit ?? 10, sort || 'price']; }",
        "execute(input) { const limit = input.limit ?? 10; return [limit, input.sort ?? 'price']; }",
        "execute({ limit, sort }) { if (limit === undefined) limit = 10; return sort === 'name'; }",
        "execute({ limit, sort }) { return [typeof limit === 'number' ? limit : 10, !sort]; }",
        "execute({ limit, sort }) { switch (sort) { default: return limit > 0 ? limit : 10; } }",
        "execute(input) { input.limit ??= 10; input.sort ||= 'price'; return input; }",
        "execute({ limit, sort }) { return search({ limit, sort }); }",  # a same-file helper
        "execute({ limit, sort }) { return search(limit, sort); }",
        "execute({ limit, sort }) { return renderOrders(limit, sort); }",  # another script's
        "execute(input) { return search(input); }",  # the input as a whole goes on
        "execute(input) { const o = { ...input }; return o.limit; }",
        "execute({ query }) { return query; }",  # never read
        "execute({ limit, sort }) { const n = limit; return SORTS[sort]; }",
    ],
)
def test_applied_or_untraceable_defaults_are_not_flagged(execute: str) -> None:
    code = "function search() {}\n" + tool(execute, DEFAULTS)
    assert found(code, "execute-apply-defaults") == []


def test_required_properties_with_a_default_are_left_to_other_rules() -> None:
    schema = (
        '{ type: "object", properties: { n: { type: "integer", default: 1 } }, required: ["n"] }'
    )
    assert found(tool("execute({ n }) { return [n]; }", schema), "execute-apply-defaults") == []


# -- execute-validate-input ---------------------------------------------------------------


def test_an_unchecked_enum_value_is_reported_as_info() -> None:
    code = tool(
        "execute({ query, sort = 'price' }) { if (!query) return 0; return api.get(sort); }",
        DEFAULTS,
    )
    [finding] = only(lint(code), "execute-validate-input")
    assert finding.severity == "info"
    assert (finding.line, finding.column) == (5, 20)
    assert "one of its `enum` values" in finding.message


@pytest.mark.parametrize(
    "execute",
    [
        "execute({ query }) { return fetch(`/s?q=${query}`); }",
        "execute(input) { return input.query.trim(); }",
        "execute({ query }) { return { results: api.search(query) }; }",
    ],
)
def test_unchecked_required_values_are_reported(execute: str) -> None:
    assert len(found(tool(execute, SCHEMA), "execute-validate-input")) == 1


@pytest.mark.parametrize(
    "execute",
    [
        "execute({ query }) { if (!query) return { error: 'x' }; return query; }",
        "execute({ query }) { if (typeof query !== 'string') return 0; return query; }",
        "execute({ query }) { return query?.trim(); }",
        "execute({ query }) { return query ? run(query) : null; }",
        "execute({ query }) { return validate(query); }",
        "execute({ query }) { return searchCatalog(query); }",  # a global of another script
        "execute({ query }) { return api.isValidQuery(query) ? 1 : 0; }",
        "execute(input) { schema.parse(input); return input.query; }",
        "execute({ limit }) { return limit; }",  # not required, no enum
        "execute() { return 1; }",
    ],
)
def test_checked_inputs_are_not_reported(execute: str) -> None:
    code = "function validate() {}\n" + tool(execute, SCHEMA)
    assert found(code, "execute-validate-input") == []


def test_enum_membership_checks_count() -> None:
    code = tool(
        "execute({ query, sort = 'price' }) {\n"
        "  if (!query || !SORTS.includes(sort)) return { error: 'x' };\n"
        "  return [query, sort]; }",
        DEFAULTS,
    )
    assert found(code, "execute-validate-input") == []


# -- execute-result-serializable ----------------------------------------------------------


@pytest.mark.parametrize(
    ("execute", "says"),
    [
        ("execute() { return new Map(entries); }", "a `Map`"),
        ("execute() { const seen = new Set(); return seen; }", "a `Set`"),
        ("async execute() { return await fetch('/x'); }", "`Response`"),
        ("async execute() { const r = await fetch('/x'); return r; }", "`Response`"),
        ("execute() { return document.querySelector('#cart'); }", "a DOM node"),
        ("execute() { return document.body; }", "a DOM node"),
        ("execute() { return { count: 2, node: el.closest('li') }; }", "a DOM node"),
        ("execute() { return () => 1; }", "a function"),
        ("execute() { return new Error('Out of stock'); }", "without its message"),
        ("execute() { return { items: [new URLSearchParams(q)] }; }", "`URLSearchParams`"),
        ("execute() { const o = {}; o.self = o; return o; }", "contains itself"),
        ("execute() { return window; }", "circular"),
        ("execute() { return Symbol('x'); }", "crashes"),
        ("execute: () => (ok ? new Set(a) : [])", "a `Set`"),
    ],
)
def test_unserializable_results_are_flagged(execute: str, says: str) -> None:
    [message] = messages(tool(execute), "execute-result-serializable")
    assert says in message


def test_result_finding_position() -> None:
    code = tool("execute() {\n    return { total: 3, byColor: new Map(pairs) };\n  }")
    [finding] = only(lint(code), "execute-result-serializable")
    assert (finding.line, finding.column, finding.end_column) == (5, 33, 47)


@pytest.mark.parametrize(
    "execute",
    [
        "execute() { return Object.fromEntries(new Map(pairs)); }",
        "execute() { return [...new Set(tags)]; }",
        "async execute() { return (await fetch('/x')).json(); }",
        "async execute() { const r = await fetch('/x'); return { ok: r.ok }; }",
        "execute() { return document.querySelector('#total').textContent; }",
        "execute() { return { total: 3, format() { return '3'; } }; }",
        "execute() { return { toJSON: () => 'x', data: new Map() }; }",
        "execute() { return new Date(); }",
        "execute() { const Map = Dict; return new Map(); }",
        "execute() { function inner() { return new Map(); } return inner().size; }",
        "execute() { let m = new Map(); m = toObject(m); return m; }",
        "execute() { return cache.get(key); }",
    ],
)
def test_serializable_results_are_not_flagged(execute: str) -> None:
    assert found(tool(execute), "execute-result-serializable") == []


# -- no-execute-client-param --------------------------------------------------------------


@pytest.mark.parametrize(
    "execute",
    [
        "async execute(input, agent) { await agent.requestUserInteraction(() => 1); }",
        "async execute(input, client) { return client.requestUserInteraction(ask); }",
        "async execute(input, client) { return client.requestUserInteraction?.(ask); }",
        "async execute(input, agent) { const ask = agent.requestUserInteraction; return ask; }",
        "async execute(input, { requestUserInteraction }) { await requestUserInteraction(f); }",
        "async execute(input, agent) { return agent.confirm('Sure?'); }",
    ],
)
def test_client_uses_of_the_second_argument_are_errors(execute: str) -> None:
    [finding] = only(lint(tool(execute)), "no-execute-client-param")
    assert finding.severity == "error"


def test_client_param_position() -> None:
    code = tool("async execute(input, agent) {\n    await agent.requestUserInteraction(ask);\n  }")
    [finding] = only(lint(code), "no-execute-client-param")
    assert (finding.line, finding.column, finding.end_column) == (5, 11, 39)


@pytest.mark.parametrize(
    "execute",
    [
        "async execute(input, { signal }) { return fetch('/x', { signal }); }",
        "async execute(input, options) { options.signal.throwIfAborted(); return 1; }",
        "async execute(input, client) { return fetch('/x', { signal: client.signal }); }",
        "async execute(input, agent) { return helper(input, agent); }",
        "async execute(input) { return agent.requestUserInteraction(ask); }",  # not the param
        "async execute(input, ctx) { const agent = other; return agent.run(); }",
    ],
)
def test_client_param_near_misses(execute: str) -> None:
    assert found(tool(execute), "no-execute-client-param") == []


# -- shared behaviour ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("filename", "code"),
    [
        (
            "Search.vue",
            "<template><div /></template>\n<script setup>\n"
            + tool("async execute({ q }) { throw new Error('x'); }")
            + "</script>\n",
        ),
        (
            "page.html",
            "<script type=module>\n"
            + tool("async execute({ q }) { throw new Error('x'); }")
            + "</script>",
        ),
        ("tool.tsx", tool("async execute({ q }: { q: string }) { throw new Error('x'); }")),
        (
            "Tool.svelte",
            "<script>\n" + tool("async execute({ q }) { throw new Error('x'); }") + "</script>",
        ),
    ],
)
def test_execute_rules_work_in_every_language(filename: str, code: str) -> None:
    assert len(found(code, "execute-no-throw", filename)) == 1


def test_deeply_nested_execute_bodies_do_not_crash() -> None:
    depth = 5000
    nested = "[" * depth + "1" + "]" * depth
    code = tool(
        f"execute(input, {{ signal }}) {{ const x = {nested}; return {{ x, m: new Map() }}; }}"
    )
    diagnostics = lint(code)
    assert "execute-result-serializable" in {d.rule for d in diagnostics}


CLEAN_MODULES = sorted(
    path
    for path in (REPO / "examples" / "clean").iterdir()
    if path.name.startswith(("execute-", "annotations-"))
)


@pytest.mark.parametrize("path", CLEAN_MODULES, ids=lambda p: p.name)
def test_clean_modules_in_the_style_of_chrome_guidance_have_no_finding(path: Path) -> None:
    diagnostics = lint(path.read_text(encoding="utf-8"), path.name)
    assert [f"{d.line}: {d.rule}" for d in diagnostics] == []


def test_there_are_at_least_three_clean_modules_with_tools() -> None:
    assert len(CLEAN_MODULES) >= 3
    for path in CLEAN_MODULES:
        assert "registerTool" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("path", "old", "new", "rule"),
    [
        (
            "execute-checkout.js",
            "signal.throwIfAborted();\n"
            "      const { ok, data } = await api(`/orders/${encodeURIComponent(orderId)}`, { signal });",
            "const { ok, data } = await api(`/orders/${encodeURIComponent(orderId)}`);",
            "execute-forward-signal",
        ),
        (
            "execute-checkout.js",
            "if (signal.aborted) throw error;",
            "throw error;",
            "execute-no-throw",
        ),
        (
            "execute-checkout.js",
            'async execute({ shipping = "standard" }, { signal }) {\n'
            "    if (!SHIPPING.includes(shipping)) {\n"
            '      return { error: `Choose one of: ${SHIPPING.join(", ")}.` };\n'
            "    }",
            "async execute({ shipping }, { signal }) {",
            "execute-apply-defaults",
        ),
        ("execute-support-desk.ts", "limit = 10 }", "limit }", "execute-apply-defaults"),
        (
            "execute-support-desk.ts",
            "annotations: { readOnlyHint: true, untrustedContentHint: true },",
            "annotations: { readOnlyHint: true },",
            "untrusted-content-hint",
        ),
        (
            "execute-flights.html",
            '{ signal });\n        if (!response.ok) return { error: "Flight',
            '{});\n        if (!response.ok) return { error: "Flight',
            "execute-forward-signal",
        ),
        (
            "annotations-notes.js",
            "annotations: { consequentialHint: true },",
            "",
            "consequential-hint",
        ),
        (
            "annotations-notes.js",
            "annotations: { readOnlyHint: true, untrustedContentHint: true },\n  execute({ noteId })",
            "annotations: { readOnlyHint: true },\n  execute({ noteId })",
            "untrusted-content-hint",
        ),
        (
            "annotations-notes.js",
            "  annotations: { readOnlyHint: true },\n  execute() {",
            "  execute() {",
            "read-only-hint",
        ),
        (
            "annotations-notes.js",
            "  async execute({ noteId }) {\n    if (!notesStore.has(noteId))",
            "  annotations: { readOnlyHint: true },\n"
            "  async execute({ noteId }) {\n    if (!notesStore.has(noteId))",
            "annotation-conflict",
        ),
    ],
)
def test_clean_modules_are_not_clean_by_accident(path: str, old: str, new: str, rule: str) -> None:
    """Taking one safeguard out of a clean module brings back the finding it prevents."""
    text = (REPO / "examples" / "clean" / path).read_text(encoding="utf-8")
    assert old in text
    changed = text.replace(old, new, 1)
    assert rule in {d.rule for d in lint(changed, path)}


def test_word_index_resolves_exactly_like_the_text_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """The execute checks resolve many names; past a few reads of the file the resolver
    switches to a word index, which must find the same declarations."""
    from webmcp_lint.extract import scope
    from webmcp_lint.syntax.nodes import descendants

    code = (REPO / "examples" / "clean" / "execute-checkout.js").read_text(encoding="utf-8")
    code += "\nconst café = 1; function uses() { return café + $x + _y; } var $x = 2, _y = 3;\n"

    def bindings(after: int) -> list[tuple[int, int | None, bool]]:
        monkeypatch.setattr(scope, "INDEX_AFTER_READS", after)
        model = extract(SourceFile(Path("x.js"), "x.js", "javascript", code.encode()))
        [script] = model.scripts
        found = []
        for node in descendants(script.root, {"identifier", "shorthand_property_identifier"}):
            binding = script.resolve(node)
            found.append(
                (
                    node.start_byte,
                    binding.node.start_byte if binding else None,
                    bool(binding and binding.ambiguous),
                )
            )
        return found

    text_search, indexed = bindings(10**9), bindings(-1)
    assert indexed == text_search
    assert sum(1 for _, declared, _ in text_search if declared is not None) > 50


def test_many_tools_with_their_own_helpers_in_one_file() -> None:
    """Each tool's checks resolve its own helper (speed: benchmarks/run.py)."""
    parts = []
    for i in range(300):
        parts.append(
            f"async function load{i}(id, signal) {{ return fetch('/a/{i}/' + id, {{ signal }}); }}\n"
            + tool(
                f"async execute({{ id }}, {{ signal }}) {{ if (!id) return 0; return load{i}(id, signal); }}",
                '{ type: "object", properties: { id: { type: "string", description: "Id" } } }',
            ).replace('"do_it"', f'"do_it_{i}"')
        )
    assert lint("".join(parts), config={"select": ["execute"]}) == []
