from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.rules.snippets import WRAPPER_HOOK_COMPONENT
from tests.runtime_projects import manifest

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REGISTER = f"document.modelContext.registerTool({TOOL})"


def effect(body: str, imports: str = 'import { useEffect } from "react";') -> str:
    return (
        f"{imports}\nexport function Cart() {{\n  useEffect(() => {{\n"
        f'    if (!("modelContext" in document)) return;\n{body}\n  }}, []);\n  return null;\n}}\n'
    )


def react_namespace_effect(body: str) -> str:
    """`React.useEffect`, with a ref object in scope."""
    code = effect(body, 'import * as React from "react";\nconst ref = { current: null };')
    return code.replace("useEffect(", "React.useEffect(")


REGISTER_WITH_CONTROLLER = (
    "    const controller = new AbortController();\n"
    f"    document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }})"
    ".catch(report);"
)

WEB_COMPONENT = f"""class CartPanel extends HTMLElement {{
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
# Aborted in another method: that method may well run on teardown, so stay silent.
ABORTED_ELSEWHERE = WEB_COMPONENT.replace("  disconnectedCallback() { this.#release(); }\n", "")
NEVER_ABORTED = ABORTED_ELSEWHERE.replace("  #release() { this.#tools?.abort(); }\n", "")

VUE_UNMOUNTED = f"""<script setup>
import {{ onMounted, onUnmounted }} from "vue";
const controller = new AbortController();
onMounted(() => {{
  if (!document.modelContext) return;
  document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }}).catch(report);
}});
onUnmounted(() => controller.abort());
</script>
"""
VUE_RETURNED = f"""<script setup>
import {{ onMounted }} from "vue";
onMounted(() => {{
  if (!document.modelContext) return;
  const controller = new AbortController();
  document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }}).catch(report);
  return () => controller.abort();
}});
</script>
"""

SVELTE_RETURNED = f"""<script>
  import {{ onMount }} from "svelte";
  onMount(() => {{
    if (!document.modelContext) return;
    const controller = new AbortController();
    document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }}).catch(report);
    return () => controller.abort();
  }});
</script>
"""
SVELTE_ON_DESTROY = (
    SVELTE_RETURNED.replace("    return () => controller.abort();\n", "")
    .replace(
        "  onMount(() => {",
        "  const controller = new AbortController();\n"
        "  onDestroy(() => controller.abort());\n"
        "  onMount(() => {",
    )
    .replace("    const controller = new AbortController();\n", "")
)
SVELTE_NO_SIGNAL = f"""<script>
  import {{ onMount }} from "svelte";
  onMount(() => {{
    document.modelContext?.registerTool({TOOL}).catch(report);
  }});
</script>
"""

ANGULAR = f"""import {{ Component, DestroyRef, inject }} from "@angular/core";
@Component({{ selector: "app-cart", template: "" }})
export class CartComponent {{
  private readonly tools = new AbortController();
  private readonly destroyRef = inject(DestroyRef);
  ngOnInit() {{
    document.modelContext?.registerTool({TOOL}, {{ signal: this.tools.signal }}).catch(report);
  }}
TEARDOWN}}
"""

REACT_CLASS = f"""import {{ Component }} from "react";
export class Cart extends Component {{
  controller = new AbortController();
  componentDidMount() {{
    document.modelContext?.registerTool({TOOL}, {{ signal: this.controller.signal }}).catch(report);
  }}
  componentWillUnmount() {{ this.controller.abort(); }}
}}
"""

tests = RuleTester("register-cleanup")

test_valid = tests.valid(
    [
        # wrapper hooks unregister on unmount themselves
        Valid(WRAPPER_HOOK_COMPONENT, filename="Cart.jsx"),
        # an effect that aborts its controller in the cleanup
        Valid(
            effect(f"{REGISTER_WITH_CONTROLLER}\n    return () => controller.abort();"),
            filename="example.jsx",
        ),
        # cleanups written other ways: a destructured signal, a named cleanup function
        Valid(
            react_namespace_effect(
                "    const ac = new AbortController();\n    const { signal } = ac;\n"
                f"    document.modelContext.registerTool({TOOL}, {{ signal }}).catch(report);\n"
                "    const stop = () => ac.abort();\n    return stop;"
            ),
            filename="example.jsx",
        ),
        # the cleanup calls a same-file helper that aborts
        Valid(
            react_namespace_effect(
                "    const ac = new AbortController();\n"
                f"    document.modelContext.registerTool({TOOL}, {{ signal: ac.signal }})"
                ".catch(report);\n"
                "    function stop() { ac.abort(); }\n    return () => { stop(); };"
            ),
            filename="example.jsx",
        ),
        # a ref holds the controller
        Valid(
            react_namespace_effect(
                "    ref.current = new AbortController();\n"
                f"    document.modelContext.registerTool({TOOL}, {{ signal: ref.current.signal }})"
                ".catch(report);\n    return () => ref.current?.abort();"
            ),
            filename="example.jsx",
        ),
        # signals that cannot be followed stay silent: the controller escapes into a list
        # that something else aborts
        Valid(
            effect(
                "    const ac = new AbortController();\n    controllers.push(ac);\n"
                f"    document.modelContext.registerTool({TOOL}, {{ signal: ac.signal }})"
                ".catch(report);"
            ),
            filename="example.jsx",
        ),
        # a signal we cannot trace
        Valid(
            effect(
                f"    document.modelContext.registerTool({TOOL}, {{ signal: props.signal }})"
                ".catch(report);"
            ),
            filename="example.jsx",
        ),
        Valid(
            effect(
                "    const ac = new AbortController();\n"
                f"    document.modelContext.registerTool({TOOL}, "
                "{ signal: AbortSignal.any([ac.signal]) }).catch(report);"
            ),
            filename="example.jsx",
        ),
        # options we cannot see
        Valid(
            effect(f"    document.modelContext.registerTool({TOOL}, options).catch(report);"),
            filename="example.jsx",
        ),
        # a web component's teardown through a helper method
        Valid(WEB_COMPONENT, filename="panel.js"),
        Valid(ABORTED_ELSEWHERE, filename="panel.js"),
        Valid(VUE_UNMOUNTED, filename="Cart.vue"),
        # Svelte's onMount may return its cleanup, or onDestroy may abort
        Valid(SVELTE_RETURNED, filename="Cart.svelte"),
        Valid(SVELTE_ON_DESTROY, filename="Cart.svelte"),
        # Angular: ngOnDestroy, or DestroyRef.onDestroy
        Valid(
            ANGULAR.replace("TEARDOWN", "  ngOnDestroy() { this.tools.abort(); }\n"),
            filename="cart.component.ts",
        ),
        Valid(
            ANGULAR.replace(
                "TEARDOWN",
                "  constructor() { this.destroyRef.onDestroy(() => this.tools.abort()); }\n",
            ),
            filename="cart.component.ts",
        ),
        Valid(REACT_CLASS, filename="Cart.jsx"),
        # registrations outside a lifecycle are not this rule's business
        Valid(f'if ("modelContext" in document) {{ await {REGISTER}; }}', filename="example.jsx"),
        # a same-file function named like a hook is not the framework's
        Valid(
            "function useEffect(run) { run(); }\n"
            f"useEffect(() => {{ document.modelContext?.registerTool({TOOL}).catch(report); }});\n",
            filename="example.jsx",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        # at the callee, `document.modelContext.registerTool`
        Invalid(
            effect(f"    {REGISTER}.catch(report);"),
            [
                Finding(
                    "no-signal",
                    5,
                    5,
                    5,
                    39,
                    data={
                        "lifecycle": "useEffect",
                        "teardown": "in the function the effect returns",
                    },
                )
            ],
            filename="Cart.jsx",
        ),
        Invalid(
            effect(REGISTER_WITH_CONTROLLER),
            [
                Finding(
                    "never-aborted",
                    6,
                    5,
                    6,
                    39,
                    data={
                        "controller": "controller",
                        "lifecycle": "useEffect",
                        "teardown": "in the function the effect returns",
                    },
                )
            ],
            filename="example.jsx",
        ),
        # aborting only before registering again is not a teardown
        Invalid(
            f"""let controller;
class CartPanel extends HTMLElement {{
  connectedCallback() {{
    if (!document.modelContext) return;
    controller?.abort();
    controller = new AbortController();
    document.modelContext.registerTool({TOOL}, {{ signal: controller.signal }}).catch(report);
  }}
}}
""",
            [
                Finding(
                    "never-aborted",
                    7,
                    5,
                    7,
                    39,
                    data={
                        "controller": "controller",
                        "lifecycle": "connectedCallback",
                        "teardown": "in `disconnectedCallback`",
                    },
                )
            ],
            filename="panel.js",
        ),
        Invalid(
            NEVER_ABORTED,
            [
                Finding(
                    "never-aborted",
                    6,
                    5,
                    6,
                    39,
                    data={
                        "controller": "this.#tools",
                        "lifecycle": "connectedCallback",
                        "teardown": "in `disconnectedCallback`",
                    },
                )
            ],
            filename="panel.js",
        ),
        Invalid(
            VUE_RETURNED,
            [
                Finding(
                    "abort-in-ignored-return",
                    6,
                    3,
                    6,
                    37,
                    data={
                        "lifecycle": "onMounted",
                        "controller": "controller",
                        "teardown": "in `onUnmounted`",
                    },
                )
            ],
            filename="Cart.vue",
        ),
        Invalid(
            SVELTE_NO_SIGNAL,
            [
                Finding(
                    "no-signal",
                    4,
                    5,
                    4,
                    40,
                    data={
                        "lifecycle": "onMount",
                        "teardown": "in the function `onMount` returns (or in `onDestroy`)",
                    },
                )
            ],
            filename="Cart.svelte",
        ),
        # Solid's onMount ignores what its callback returns: the teardown is onCleanup
        Invalid(
            'import { onMount } from "solid-js";\n'
            "export function Cart() {\n"
            f"  onMount(() => {{ document.modelContext?.registerTool({TOOL}).catch(report); }});\n"
            "  return null;\n"
            "}\n",
            [
                Finding(
                    "no-signal",
                    3,
                    19,
                    3,
                    54,
                    data={"lifecycle": "onMount", "teardown": "in `onCleanup`"},
                )
            ],
            filename="Cart.jsx",
        ),
        # One lifecycle callback, several registrations: one finding, the others related
        # (app-todo-sveltekit/src/routes/notes/+page.svelte)
        Invalid(
            SVELTE_NO_SIGNAL.replace(
                "    document.modelContext?.registerTool({TOOL}).catch(report);\n".replace(
                    "{TOOL}", TOOL
                ),
                "    const mc = document.modelContext;\n"
                f"    mc.registerTool({TOOL});\n"
                f"    mc.registerTool({TOOL.replace('show_cart', 'hide_cart')});\n"
                f"    mc.registerTool({TOOL.replace('show_cart', 'clear_cart')});\n",
            ),
            [
                Finding(
                    "no-signal-many",
                    5,
                    5,
                    5,
                    20,
                    related=[
                        (6, 5, "also registered in `onMount` without a `signal`"),
                        (7, 5, "also registered in `onMount` without a `signal`"),
                    ],
                    data={
                        "count": 3,
                        "lifecycle": "onMount",
                        "teardown": "in the function `onMount` returns (or in `onDestroy`)",
                    },
                )
            ],
            filename="Cart.svelte",
        ),
        Invalid(
            ANGULAR.replace("TEARDOWN", ""),
            [
                Finding(
                    "never-aborted",
                    7,
                    5,
                    7,
                    40,
                    data={
                        "controller": "this.tools",
                        "lifecycle": "ngOnInit",
                        "teardown": "in `ngOnDestroy` (or `DestroyRef.onDestroy`)",
                    },
                )
            ],
            filename="cart.component.ts",
        ),
        Invalid(
            REACT_CLASS.replace("this.controller.abort();", ""),
            [
                Finding(
                    "never-aborted",
                    5,
                    5,
                    5,
                    40,
                    data={
                        "controller": "this.controller",
                        "lifecycle": "componentDidMount",
                        "teardown": "in `componentWillUnmount`",
                    },
                )
            ],
            filename="Cart.jsx",
        ),
    ]
)


# On MCP-B before 5.0 a tool is removed by name or by the handle registerTool returns
# (model/runtime.py): a teardown that does so cleans up.
HANDLE_EFFECT = (
    "export function Cart() {\n"
    "  useEffect(() => {\n"
    "    const { unregister } = navigator.modelContext.registerTool(tool);\n"
    "    return () => unregister();\n"
    "  }, []);\n"
    "  return null;\n"
    "}\n"
)

test_runtimes = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "1.6.4"}),
                "src/main.jsx": 'import "@mcp-b/global";\n',
                "src/Cart.jsx": HANDLE_EFFECT,
            },
            name="mcp-b-1-handle",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@mcp-b/global": "5.1.0"}),
                "src/main.jsx": 'import "@mcp-b/global";\n',
                "src/Cart.jsx": HANDLE_EFFECT,
            },
            [
                Placed(
                    "src/Cart.jsx",
                    "no-signal",
                    3,
                    28,
                    data={
                        "lifecycle": "useEffect",
                        "teardown": "in the function the effect returns",
                    },
                )
            ],
            name="mcp-b-5-has-neither",
        ),
    ]
)
