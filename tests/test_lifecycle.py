"""Lifecycle rules: feature detection, the registration promise, teardown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import REPO, lint, only, run_cli

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REGISTER = f"document.modelContext.registerTool({TOOL})"


def feature(code: str, filename: str = "example.js") -> list[tuple[int, int, int, int]]:
    return [
        (d.line, d.column, d.end_line, d.end_column)
        for d in only(lint(code, filename), "feature-detection")
    ]


# -- feature-detection -------------------------------------------------------------------


def test_an_unguarded_registration_is_flagged_at_the_member() -> None:
    code = f"const x = 1;\nawait {REGISTER};\n"
    assert feature(code) == [(2, 7, 2, 41)]
    [finding] = only(lint(code), "feature-detection")
    assert "`document.modelContext.registerTool`" in finding.message
    assert "TypeError" in finding.message


@pytest.mark.parametrize(
    "code",
    [
        f'if ("modelContext" in document) {{ await {REGISTER}; }}',
        f'if ("modelContext" in window.document && ready) await {REGISTER};',
        f"if (document.modelContext) await {REGISTER};",
        f"if (!!document.modelContext) await {REGISTER};",
        f"if (Boolean(document.modelContext)) await {REGISTER};",
        f"if (document.modelContext != null) await {REGISTER};",
        f'if (typeof document.modelContext !== "undefined") await {REGISTER};',
        f'if (typeof document.modelContext?.registerTool === "function") await {REGISTER};',
        f"document.modelContext && {REGISTER};",
        f"!document.modelContext || {REGISTER};",
        f"const result = document.modelContext ? {REGISTER} : null;",
        "if (!document.modelContext) { console.info('no WebMCP'); }\n"
        f"else {{ await {REGISTER}; }}",
        f"await document.modelContext?.registerTool({TOOL});",
        f"await (document.modelContext ?? polyfill).registerTool({TOOL});",
        f"try {{ await {REGISTER}; }} catch (error) {{ console.warn(error); }}",
        f'const supported = "modelContext" in document;\nif (supported) await {REGISTER};',
        f'function isSupported() {{ return "modelContext" in document; }}\n'
        f"if (isSupported()) await {REGISTER};",
        'async function init() {\n  if (!("modelContext" in document)) return;\n'
        f"  await {REGISTER};\n}}\ninit();",
        "async function init() {\n  if (document.modelContext == null) {\n"
        f"    log();\n    return;\n  }}\n  await {REGISTER};\n}}\ninit();",
        f"const mc = document.modelContext;\nif (!mc) throw new Error('unsupported');\n"
        f"await mc.registerTool({TOOL});",
        "const { modelContext } = document;\n"
        f"if (modelContext) await modelContext.registerTool({TOOL});",
        f"function register() {{ return {REGISTER}; }}\n"
        'if ("modelContext" in document) register();\n'
        "function later() { if (document.modelContext) register(); }",
        f"async function helper() {{ await {REGISTER}; }}\n"
        'async function main() { if (!("modelContext" in document)) return; await helper(); }\n'
        "main();",
        f'if ("modelContext" in document) {{\n'
        f'  button.addEventListener("click", () => {REGISTER});\n}}',
        "async function init() {\n"
        '  if (typeof document.modelContext === "undefined") return;\n'
        f"  await {REGISTER};\n}}\ninit();",
        # a hand-rolled polyfill installed first
        "if (!document.modelContext) {\n  document.modelContext = createStandIn();\n}\n"
        f"await {REGISTER};",
        f"document.modelContext ??= createStandIn();\nawait {REGISTER};",
        'Object.defineProperty(document, "modelContext", { value: createStandIn() });\n'
        f"await {REGISTER};",
        # feature tests imported from elsewhere, named like one
        'import { isWebMcpSupported } from "./support.js";\n'
        f"if (isWebMcpSupported()) await {REGISTER};",
        'import { HAS_MODEL_CONTEXT } from "./support.js";\n'
        f"if (!HAS_MODEL_CONTEXT) throw new Error('unsupported');\nawait {REGISTER};",
        f"if (features.supported()) await {REGISTER};",
        # a browser-automation test runs this in a page it prepared
        f"await page.evaluate(async () => {{ await {REGISTER}; }});",
    ],
)
def test_guards_protect_the_use(code: str) -> None:
    assert feature(code) == []


@pytest.mark.parametrize(
    "code",
    [
        f"export async function registerCartTools() {{ await {REGISTER}; }}",
        f"async function unused() {{ await {REGISTER}; }}",
        f"export default async function () {{ await {REGISTER}; }}",
        f"class CartTools {{ async register() {{ await {REGISTER}; }} }}",
    ],
)
def test_code_whose_callers_are_out_of_sight_is_assumed_guarded(code: str) -> None:
    assert feature(code) == []


@pytest.mark.parametrize(
    ("code", "filename"),
    [
        (f"function register() {{ return {REGISTER}; }}\nregister();", "a.js"),
        (
            f"function register() {{ return {REGISTER}; }}\n"
            'if ("modelContext" in document) register();\nregister();',
            "a.js",
        ),
        (f'window.addEventListener("load", () => {REGISTER});', "a.js"),
        (f"function init() {{ {REGISTER}; }}\nwindow.addEventListener('load', init);", "a.js"),
        (f'if (typeof document.modelContext.registerTool === "function") {REGISTER};', "a.js"),
        (f'import {{ isReady }} from "./app.js";\nif (isReady()) {REGISTER};', "a.js"),
        (f"function isSupported() {{ return true; }}\nif (isSupported()) {REGISTER};", "a.js"),
        (f"await document.modelContext!.registerTool({TOOL});", "a.ts"),
        (
            'import { useEffect } from "react";\n'
            f"export function Cart() {{ useEffect(() => {{ {REGISTER}; }}, []); return null; }}",
            "Cart.jsx",
        ),
        (
            f"export function useCartTools() {{ onMounted(() => {{ {REGISTER}; }}); }}",
            "cart.js",
        ),
        (
            f"class CartPanel extends HTMLElement {{ connectedCallback() {{ {REGISTER}; }} }}",
            "a.js",
        ),
        (f"<script setup>\nonMounted(() => {REGISTER});\n</script>", "Cart.vue"),
        (f"<script>\n  {REGISTER};\n</script>", "page.html"),
    ],
)
def test_unguarded_uses(code: str, filename: str) -> None:
    assert len(feature(code, filename)) == 1


def test_one_finding_per_function() -> None:
    code = f"{REGISTER};\n{REGISTER};\nfunction f() {{ {REGISTER}; }}\nf();"
    assert [line for line, *_ in feature(code)] == [1, 3]


def test_a_polyfill_guards_the_whole_file() -> None:
    assert feature(f'import "@mcp-b/global";\nawait {REGISTER};') == []
    assert feature(f'import {{ init }} from "./webmcp-polyfill.js";\nawait {REGISTER};') == []
    assert feature(f'require("@mcp-b/global");\nawait {REGISTER};') == []
    page = (
        '<script src="/shared/webmcp-polyfill.js"></script>\n'
        f"<script type=module>await {REGISTER};</script>"
    )
    assert feature(page, "page.html") == []
    assert len(feature(f'import "./polyfills.js";\nawait {REGISTER};')) == 1


def test_navigator_uses_are_left_to_their_own_rule() -> None:
    code = f"navigator.modelContext.registerTool({TOOL});"
    assert feature(code) == []


def test_reading_the_context_itself_does_not_throw() -> None:
    assert feature("const mc = document.modelContext;\nexport const supported = !!mc;") == []


# -- register-promise-handled ------------------------------------------------------------


def promise(code: str, filename: str = "example.js") -> list[tuple[int, int]]:
    return [(d.line, d.column) for d in only(lint(code, filename), "register-promise-handled")]


def test_a_dropped_registration_promise_is_flagged() -> None:
    code = f'if ("modelContext" in document) {{\n  {REGISTER};\n}}'
    assert promise(code) == [(2, 3)]
    [finding] = only(lint(code), "register-promise-handled")
    assert finding.severity == "info"
    assert ".catch(" in finding.message


@pytest.mark.parametrize(
    "statement",
    [
        f"await {REGISTER};",
        f"{REGISTER}.catch(report);",
        f"{REGISTER}.then(done, report);",
        f"{REGISTER}.then(done).catch(report);",
        f"void {REGISTER};",
        f"const registration = {REGISTER};",
        f"await Promise.all([{REGISTER}]);",
        "tools.map((tool) => document.modelContext.registerTool(tool));",
        f"function register() {{ return {REGISTER}; }}",
        f"track({REGISTER});",
    ],
)
def test_handled_registration_promises(statement: str) -> None:
    assert promise(f'if ("modelContext" in document) {{ {statement} }}') == []


@pytest.mark.parametrize(
    "statement",
    [
        f"{REGISTER}.then(done);",
        f"{REGISTER}.finally(done);",
        f"ready && {REGISTER};",
        f"(({REGISTER}));",
    ],
)
def test_chains_that_still_drop_the_rejection(statement: str) -> None:
    assert len(promise(f'if ("modelContext" in document) {{ {statement} }}')) == 1


# -- register-cleanup --------------------------------------------------------------------


def cleanup(code: str, filename: str = "example.jsx") -> list[str]:
    return [d.message for d in only(lint(code, filename), "register-cleanup")]


def effect(body: str, imports: str = 'import { useEffect } from "react";') -> str:
    return (
        f"{imports}\nexport function Cart() {{\n  useEffect(() => {{\n"
        f'    if (!("modelContext" in document)) return;\n{body}\n  }}, []);\n  return null;\n}}\n'
    )


def test_an_effect_without_a_signal_is_flagged_at_the_call() -> None:
    code = effect(f"    {REGISTER}.catch(report);")
    [finding] = only(lint(code, "Cart.jsx"), "register-cleanup")
    assert (finding.line, finding.column, finding.end_column) == (5, 5, 39)
    assert "has no `signal`" in finding.message
    assert "in the function the effect returns" in finding.message


def test_an_effect_that_aborts_its_controller_in_the_cleanup_is_fine() -> None:
    code = effect(
        "    const controller = new AbortController();\n"
        f"    document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }})"
        ".catch(report);\n    return () => controller.abort();"
    )
    assert cleanup(code) == []


def test_an_effect_whose_controller_is_never_aborted() -> None:
    code = effect(
        "    const controller = new AbortController();\n"
        f"    document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }})"
        ".catch(report);"
    )
    [message] = cleanup(code)
    assert message.startswith("`controller` is never aborted")


@pytest.mark.parametrize(
    "body",
    [
        # `React.useEffect`, a destructured signal, a named cleanup function
        "    const ac = new AbortController();\n    const { signal } = ac;\n"
        f"    document.modelContext.registerTool({TOOL}, {{ signal }}).catch(report);\n"
        "    const stop = () => ac.abort();\n    return stop;",
        # the cleanup calls a same-file helper that aborts
        "    const ac = new AbortController();\n"
        f"    document.modelContext.registerTool({TOOL}, {{ signal: ac.signal }}).catch(report);\n"
        "    function stop() { ac.abort(); }\n    return () => { stop(); };",
        # a ref holds the controller
        "    ref.current = new AbortController();\n"
        f"    document.modelContext.registerTool({TOOL}, {{ signal: ref.current.signal }})"
        ".catch(report);\n    return () => ref.current?.abort();",
    ],
)
def test_cleanups_written_other_ways(body: str) -> None:
    code = effect(body, 'import * as React from "react";\nconst ref = { current: null };')
    code = code.replace("useEffect(", "React.useEffect(")
    assert cleanup(code) == []


@pytest.mark.parametrize(
    "body",
    [
        # the controller escapes into a list that something else aborts
        "    const ac = new AbortController();\n    controllers.push(ac);\n"
        f"    document.modelContext.registerTool({TOOL}, {{ signal: ac.signal }}).catch(report);",
        # a signal we cannot trace
        f"    document.modelContext.registerTool({TOOL}, {{ signal: props.signal }})"
        ".catch(report);",
        "    const ac = new AbortController();\n"
        f"    document.modelContext.registerTool({TOOL}, "
        "{ signal: AbortSignal.any([ac.signal]) }).catch(report);",
        # options we cannot see
        f"    document.modelContext.registerTool({TOOL}, options).catch(report);",
    ],
)
def test_signals_that_cannot_be_followed_stay_silent(body: str) -> None:
    assert cleanup(effect(body)) == []


def test_aborting_only_before_registering_again_is_not_a_teardown() -> None:
    code = f"""let controller;
class CartPanel extends HTMLElement {{
  connectedCallback() {{
    if (!document.modelContext) return;
    controller?.abort();
    controller = new AbortController();
    document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }}).catch(report);
  }}
}}
"""
    [message] = cleanup(code, "panel.js")
    assert "in `disconnectedCallback`" in message


def test_web_component_teardown_through_a_helper_method() -> None:
    code = f"""class CartPanel extends HTMLElement {{
  #tools;
  connectedCallback() {{
    if (!document.modelContext) return;
    this.#tools = new AbortController();
    document.modelContext.registerTool({TOOL}, {{ signal: this.#tools.signal }}).catch(report);
  }}
  disconnectedCallback() {{ this.#release(); }}
  #release() {{ this.#tools?.abort(); }}
}}
"""
    assert cleanup(code, "panel.js") == []
    # Aborted in another method: that method may well run on teardown, so stay silent.
    elsewhere = code.replace("  disconnectedCallback() { this.#release(); }\n", "")
    assert cleanup(elsewhere, "panel.js") == []
    never = elsewhere.replace("  #release() { this.#tools?.abort(); }\n", "")
    assert len(cleanup(never, "panel.js")) == 1


def test_vue_hooks() -> None:
    good = f"""<script setup>
import {{ onMounted, onUnmounted }} from "vue";
const controller = new AbortController();
onMounted(() => {{
  if (!document.modelContext) return;
  document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }}).catch(report);
}});
onUnmounted(() => controller.abort());
</script>
"""
    assert cleanup(good, "Cart.vue") == []
    returned = f"""<script setup>
import {{ onMounted }} from "vue";
onMounted(() => {{
  if (!document.modelContext) return;
  const controller = new AbortController();
  document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }}).catch(report);
  return () => controller.abort();
}});
</script>
"""
    [message] = cleanup(returned, "Cart.vue")
    assert "`onMounted` ignores the function its callback returns" in message
    assert "in `onUnmounted`" in message


def test_svelte_on_mount_may_return_its_cleanup_or_use_on_destroy() -> None:
    returned = f"""<script>
  import {{ onMount }} from "svelte";
  onMount(() => {{
    if (!document.modelContext) return;
    const controller = new AbortController();
    document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }}).catch(report);
    return () => controller.abort();
  }});
</script>
"""
    assert cleanup(returned, "Cart.svelte") == []
    destroyed = (
        returned.replace("    return () => controller.abort();\n", "")
        .replace(
            "  onMount(() => {",
            "  const controller = new AbortController();\n"
            "  onDestroy(() => controller.abort());\n"
            "  onMount(() => {",
        )
        .replace("    const controller = new AbortController();\n", "")
    )
    assert cleanup(destroyed, "Cart.svelte") == []
    missing = f"""<script>
  import {{ onMount }} from "svelte";
  onMount(() => {{
    document.modelContext?.registerTool({TOOL}).catch(report);
  }});
</script>
"""
    assert len(cleanup(missing, "Cart.svelte")) == 1


def test_angular_teardown_in_ng_on_destroy_or_destroy_ref() -> None:
    base = f"""import {{ Component, DestroyRef, inject }} from "@angular/core";
@Component({{ selector: "app-cart", template: "" }})
export class CartComponent {{
  private readonly tools = new AbortController();
  private readonly destroyRef = inject(DestroyRef);
  ngOnInit() {{
    document.modelContext?.registerTool({TOOL}, {{ signal: this.tools.signal }}).catch(report);
  }}
TEARDOWN}}
"""
    on_destroy = "  ngOnDestroy() { this.tools.abort(); }\n"
    destroy_ref = "  constructor() { this.destroyRef.onDestroy(() => this.tools.abort()); }\n"
    assert cleanup(base.replace("TEARDOWN", on_destroy), "cart.component.ts") == []
    assert cleanup(base.replace("TEARDOWN", destroy_ref), "cart.component.ts") == []
    [message] = cleanup(base.replace("TEARDOWN", ""), "cart.component.ts")
    assert "`this.tools` is never aborted" in message
    assert "in `ngOnDestroy` (or `DestroyRef.onDestroy`)" in message


def test_react_class_components() -> None:
    code = f"""import {{ Component }} from "react";
export class Cart extends Component {{
  controller = new AbortController();
  componentDidMount() {{
    document.modelContext?.registerTool({TOOL}, {{ signal: this.controller.signal }}).catch(report);
  }}
  componentWillUnmount() {{ this.controller.abort(); }}
}}
"""
    assert cleanup(code, "Cart.jsx") == []
    assert len(cleanup(code.replace("this.controller.abort();", ""), "Cart.jsx")) == 1


def test_registrations_outside_a_lifecycle_are_not_this_rules_business() -> None:
    code = f'if ("modelContext" in document) {{ await {REGISTER}; }}'
    assert cleanup(code) == []
    local = f"""function useEffect(run) {{ run(); }}
useEffect(() => {{ document.modelContext?.registerTool({TOOL}).catch(report); }});
"""
    assert cleanup(local) == []


# -- the bundled examples ----------------------------------------------------------------

MY_RULES = {
    "feature-detection",
    "register-promise-handled",
    "register-cleanup",
    "react-use-webmcp",
    "angular-webmcp-api",
    "hook-conditional",
    "no-handwritten-types",
    "tsconfig-webmcp-types",
}


def check_json(*paths: str) -> list[dict[str, object]]:
    result = run_cli("check", "--output-format", "json", "--exit-zero", *paths, cwd=REPO)
    assert result.returncode == 0, result.stderr
    findings: list[dict[str, object]] = json.loads(result.stdout)
    return findings


def test_clean_lifecycle_examples_have_no_finding() -> None:
    examples = sorted(p.name for p in (REPO / "examples" / "clean").glob("lifecycle-*"))
    assert len(examples) >= 3
    assert check_json(*(f"examples/clean/{name}" for name in examples)) == []


def test_faulty_lifecycle_examples_show_every_rule_of_the_area() -> None:
    examples = sorted(p.name for p in (REPO / "examples" / "faulty").glob("lifecycle-*"))
    found = {finding["rule"] for finding in check_json(*(f"examples/faulty/{n}" for n in examples))}
    assert found >= MY_RULES


# -- pathological input ------------------------------------------------------------------


def test_a_twenty_thousand_branch_else_if_chain_that_always_returns_is_a_guard() -> None:
    chain = "".join(f"if (mode === {i}) return;\n    else " for i in range(20_000))
    code = (
        "async function init(mode) {\n"
        f'  if (!("modelContext" in document)) {{\n    {chain}return;\n  }}\n'
        f"  await {REGISTER};\n}}\ninit(1);\n"
    )
    assert feature(code) == []
    assert len(feature(code.replace("else return;", "else log();"))) == 1


def test_code_nested_beyond_any_hand_written_program_is_not_analysed() -> None:
    deep = "if (ready) {" * 1_000 + f"{REGISTER};" + "}" * 1_000
    assert [d.rule for d in lint(deep) if d.rule in MY_RULES] == []
    shallow = "if (ready) {" * 20 + f"{REGISTER};" + "}" * 20
    assert {d.rule for d in lint(shallow)} >= {"feature-detection", "register-promise-handled"}


# -- through the command line, in every language -----------------------------------------

ELEMENT = f"""class CartPanel extends HTMLElement {{
  connectedCallback() {{
    {REGISTER};
  }}
}}
"""
WRAPPED = {
    "panel.js": ELEMENT,
    "panel.ts": ELEMENT,
    "panel.jsx": ELEMENT,
    "panel.tsx": ELEMENT,
    "page.html": f"<!doctype html>\n<script type=module>\n{ELEMENT}</script>\n",
    "Panel.vue": f'<script setup lang="ts">\n{ELEMENT}</script>\n<template><p /></template>\n',
    "Panel.svelte": f"<script>\n{ELEMENT}</script>\n<p>cart</p>\n",
}


def test_lifecycle_rules_work_in_every_language_through_the_cli(tmp_path: Path) -> None:
    for name, content in WRAPPED.items():
        (tmp_path / name).write_text(content, encoding="utf-8")
    result = run_cli("check", "--output-format", "json", ".", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    by_file: dict[str, set[str]] = {}
    for finding in json.loads(result.stdout):
        by_file.setdefault(finding["path"], set()).add(finding["rule"])
    expected = {"feature-detection", "register-promise-handled", "register-cleanup"}
    assert {name: rules & MY_RULES for name, rules in by_file.items()} == {
        name: expected for name in WRAPPED
    }
