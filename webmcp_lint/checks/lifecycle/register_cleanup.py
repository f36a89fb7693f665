"""A tool registered when a view appears that is not unregistered when it goes away."""

from __future__ import annotations

from msgspec import Struct
from tree_sitter import Node

from webmcp_lint.checks import Context, check
from webmcp_lint.diagnostics import Related
from webmcp_lint.extract.runtime import registered_on
from webmcp_lint.model import FileModel, Script, ToolDefinition
from webmcp_lint.model.functions import Cleanup, Lifecycle
from webmcp_lint.syntax.nodes import text
from webmcp_lint.workspace.source import Span

TEARDOWN_HINTS = {
    "useEffect": "in the function the effect returns",
    "useLayoutEffect": "in the function the effect returns",
    "useInsertionEffect": "in the function the effect returns",
    "$effect": "in the function `$effect` returns",
    "onMounted": "in `onUnmounted`",
    "onBeforeMount": "in `onUnmounted`",
    "onActivated": "in `onDeactivated`",
    "connectedCallback": "in `disconnectedCallback`",
    "firstUpdated": "in `disconnectedCallback`",
    "ngOnInit": "in `ngOnDestroy` (or `DestroyRef.onDestroy`)",
    "ngAfterViewInit": "in `ngOnDestroy` (or `DestroyRef.onDestroy`)",
    "ngAfterContentInit": "in `ngOnDestroy` (or `DestroyRef.onDestroy`)",
    "componentDidMount": "in `componentWillUnmount`",
    "mounted": "in `unmounted`",
    "beforeMount": "in `unmounted`",
    "created": "in `unmounted`",
    "activated": "in `deactivated`",
}


class _Problem(Struct):
    """Registrations in one lifecycle callback that leak the same way: one finding."""

    lifecycle: Lifecycle
    script: Script
    kind: str  # "none", "never" or "ignored-return"
    controller: str  # the controller's expression, for "never" and "ignored-return"
    places: list[Span]


MESSAGES = {
    "no-signal": (
        "`registerTool` in `{{lifecycle}}` has no `signal`: the tool outlives its view, and "
        "registering it again on the next mount is rejected as a duplicate. Pass "
        "`{ signal: controller.signal }` and call `controller.abort()` {{teardown}}."
    ),
    "no-signal-many": (
        "{{count}} `registerTool` calls in `{{lifecycle}}` have no `signal`: the tools outlive "
        "their view, and registering them again on the next mount is rejected as a duplicate. "
        "Pass `{ signal: controller.signal }` to each and call `controller.abort()` "
        "{{teardown}}."
    ),
    "abort-in-ignored-return": (
        "`{{lifecycle}}` ignores the function its callback returns, so `{{controller}}.abort()` "
        "there never runs and the tool outlives the view (the next mount is rejected as a "
        "duplicate). Call `{{controller}}.abort()` {{teardown}}."
    ),
    "abort-in-ignored-return-many": (
        "`{{lifecycle}}` ignores the function its callback returns, so `{{controller}}.abort()` "
        "there never runs and the {{count}} tools outlive the view (the next mount is rejected "
        "as a duplicate). Call `{{controller}}.abort()` {{teardown}}."
    ),
    "never-aborted": (
        "`{{controller}}` is never aborted when the view goes away, so the tool registered in "
        "`{{lifecycle}}` outlives it and the next mount is rejected as a duplicate. Call "
        "`{{controller}}.abort()` {{teardown}}."
    ),
    "never-aborted-many": (
        "`{{controller}}` is never aborted when the view goes away, so the {{count}} tools "
        "registered in `{{lifecycle}}` outlive it and the next mount is rejected as a "
        "duplicate. Call `{{controller}}.abort()` {{teardown}}."
    ),
}


@check(messages=MESSAGES)
def register_cleanup(model: FileModel, ctx: Context) -> None:
    seen: set[int] = set()
    problems: dict[tuple[int, str, str], _Problem] = {}
    for tool in model.imperative_tools():
        call, script = tool.call, tool.script
        if call is None or script is None or call.id in seen:
            continue
        seen.add(call.id)
        cleanup = model.functions.cleanup(tool)
        if cleanup is None or cleanup.kind is None:
            continue
        if cleanup.kind == "none" and _removed_by_name_or_handle(model, tool, cleanup):
            continue
        shown = text(cleanup.controller) if cleanup.controller is not None else ""
        lifecycle = cleanup.lifecycle
        key = (lifecycle.function.id, cleanup.kind, shown)
        problem = problems.setdefault(key, _Problem(lifecycle, script, cleanup.kind, shown, []))
        problem.places.append(_callee_span(call))
    for problem in problems.values():
        hint = _teardown_hint(problem, model)
        first, *others = problem.places
        name = problem.lifecycle.name
        if problem.kind == "none":
            also = f"also registered in `{name}` without a `signal`"
        else:
            also = f"also registered with `{problem.controller}.signal`"
        related = [Related(place, also) for place in others]
        _report(ctx, problem, first, related, hint)


def _report(ctx: Context, problem: _Problem, at: Span, related: list[Related], hint: str) -> None:
    name, count, shown = problem.lifecycle.name, len(problem.places), problem.controller
    if problem.kind == "none":
        if count == 1:
            ctx.report(at, "no-signal", related=related, lifecycle=name, teardown=hint)
        else:
            ctx.report(
                at, "no-signal-many", related=related, count=count, lifecycle=name, teardown=hint
            )
        return
    ignored = problem.kind == "ignored-return"  # else "never"
    if count == 1:
        message_id = "abort-in-ignored-return" if ignored else "never-aborted"
        ctx.report(at, message_id, related=related, lifecycle=name, controller=shown, teardown=hint)
    else:
        message_id = "abort-in-ignored-return-many" if ignored else "never-aborted-many"
        ctx.report(
            at,
            message_id,
            related=related,
            lifecycle=name,
            controller=shown,
            count=count,
            teardown=hint,
        )


def _teardown_hint(problem: _Problem, model: FileModel) -> str:
    lifecycle = problem.lifecycle
    if lifecycle.name == "onMount":
        # Svelte runs the function onMount's callback returns; Solid ignores it.
        sources = {source for source, _ in problem.script.semantic.imports()}
        if any(source == "solid-js" or source.startswith("solid-js/") for source in sources):
            return "in `onCleanup`"
        if model.language == "svelte" or "svelte" in sources:
            return "in the function `onMount` returns (or in `onDestroy`)"
        return "in the function `onMount` returns (Svelte) or in `onCleanup` (Solid)"
    return TEARDOWN_HINTS.get(lifecycle.name, "when the view is torn down")


def _callee_span(call: Node) -> Span:
    function = call.child_by_field_name("function")
    return Span.of(function if function is not None else call)


def _removed_by_name_or_handle(model: FileModel, tool: ToolDefinition, cleanup: Cleanup) -> bool:
    """A registration without a signal that the runtime can remove another way
    (`unregisterTool(name)` or the `{ unregister }` handle MCP-B returns before 5.0),
    and the view's teardown does (it calls something named `unregister...`)."""
    if not cleanup.teardown_unregisters:
        return False
    found = registered_on(model, tool)
    if found is None or not found[0].known:
        return False
    providers = found[0].providers(found[1])
    return bool(providers) and all(p.has("unregisterTool") for _, p in providers)
