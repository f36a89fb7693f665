"""The browser claims of rule pages: their syntax, and whether an observation bears them out.

A rule page states what Chromium does with an example in the example's fence:

    ```js bad browser="error InvalidStateError: Invalid tool name; registers search"

The value is a list of clauses separated by `;`. Steps prepare or extend the run;
assertions are checked against what the page observed (see docs/browser-tests.md, "Verified in a
real browser", for the reference):

- `given-tool NAME` (step): before the example runs, register a working tool NAME.
- `run-tool NAME` (step): after the example ran, execute NAME through `executeTool`.
- `confirm-tool NAME` (step): execute the form tool NAME and, once the agent has filled
  the form, press its submit button as the user would.
- `cancel-tool NAME` (step): execute NAME and abort the call at once, as an agent
  cancelling it would (its AbortError is expected, not an error of the example).
- `error NAME` or `error NAME: TEXT`: an error named NAME (whose message contains TEXT)
  was raised. Errors are matched both ways: every error raised must be claimed.
- `registers NAME...`: the example registered exactly these tools.
- `no-tools`: the example registered no tool at all.
- `missing-tool NAME`: no tool NAME is registered.
- `missing-parameter TOOL PARAM`: TOOL is registered, but its input schema has no PARAM.
- `describes NAME: TEXT`: tool NAME is registered, with a description containing TEXT.
- `executes NAME`: the example executed the given tool NAME with an object as input.
- `navigates`: the page navigated away (a form was submitted to the server instead of
  being answered by script). Matched both ways, like errors.
- `calls HELPER` / `never-calls HELPER`: the page's helper HELPER (from prelude.js) was
  called / was not called (e.g. from an event listener).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Steps that act after the example ran, on a tool it (or the harness) registered.
TOOL_STEPS = ("run-tool", "confirm-tool", "cancel-tool")
STEPS = ("given-tool", *TOOL_STEPS)
ASSERTIONS = (
    "error",
    "registers",
    "no-tools",
    "missing-tool",
    "missing-parameter",
    "describes",
    "executes",
    "navigates",
    "calls",
    "never-calls",
)
# A good example must run cleanly: it may prepare the run and say what it registers,
# executes or calls, but it cannot claim a failure.
GOOD_CLAUSES = (*STEPS, "registers", "describes", "executes", "calls")


class ClaimError(ValueError):
    """A `browser="..."` value that does not follow the syntax."""


@dataclass(frozen=True)
class Clause:
    verb: str
    args: tuple[str, ...]
    text: str | None = None  # for `error`: the part of the message after the colon

    def __str__(self) -> str:
        shown = " ".join((self.verb, *self.args))
        return f"{shown}: {self.text}" if self.text is not None else shown


@dataclass(frozen=True)
class Claims:
    clauses: tuple[Clause, ...] = ()

    def of(self, verb: str) -> list[Clause]:
        return [clause for clause in self.clauses if clause.verb == verb]

    @property
    def given_tools(self) -> list[str]:
        return [clause.args[0] for clause in self.of("given-tool")]

    @property
    def tool_steps(self) -> list[tuple[str, str]]:
        """(step, tool name) for each step acting on a tool, in the order written."""
        return [(c.verb, c.args[0]) for c in self.clauses if c.verb in TOOL_STEPS]

    @property
    def asserts_something(self) -> bool:
        return any(clause.verb in ASSERTIONS for clause in self.clauses)

    def __str__(self) -> str:
        return "; ".join(str(clause) for clause in self.clauses)


_ARITY = {
    "given-tool": (1, 1),
    "run-tool": (1, 1),
    "confirm-tool": (1, 1),
    "cancel-tool": (1, 1),
    "error": (1, 1),
    "registers": (1, None),
    "no-tools": (0, 0),
    "missing-tool": (1, 1),
    "missing-parameter": (2, 2),
    "describes": (1, 1),
    "executes": (1, 1),
    "navigates": (0, 0),
    "calls": (1, 1),
    "never-calls": (1, 1),
}
# Clauses whose text after a colon is part of the claim (and required for `describes`).
_WITH_TEXT = {"error": False, "describes": True}


def parse_claims(value: str) -> Claims:
    """The clauses of a `browser="..."` value; raises ClaimError with what is wrong."""
    clauses = []
    for part in value.split(";"):
        part = part.strip()
        if not part:
            continue
        verb, _, rest = part.partition(" ")
        if verb not in _ARITY:
            known = ", ".join(_ARITY)
            raise ClaimError(f"unknown clause {verb!r} in {value!r} (known: {known})")
        text = None
        if verb in _WITH_TEXT and ":" in rest:
            rest, _, message = rest.partition(":")
            text = message.strip()
            if not text:
                raise ClaimError(f"`{verb}` with an empty text after the colon in {value!r}")
        elif _WITH_TEXT.get(verb):
            raise ClaimError(f"`{verb}` needs a text after a colon in {value!r}")
        args = tuple(rest.split())
        least, most = _ARITY[verb]
        if len(args) < least or (most is not None and len(args) > most):
            wanted = f"{least}" if least == most else f"at least {least}"
            wanted = "no" if most == 0 else wanted
            raise ClaimError(f"`{verb}` takes {wanted} argument(s), got {len(args)} in {value!r}")
        clauses.append(Clause(verb, args, text))
    return Claims(tuple(clauses))


@dataclass(frozen=True)
class ObservedError:
    source: str  # where it surfaced: "thrown", "unhandled rejection", "executeTool(x)", ...
    name: str
    message: str

    def __str__(self) -> str:
        return f"{self.name}: {self.message} ({self.source})"


@dataclass
class Observation:
    """What one page observed while an example ran, as the harness reports it."""

    errors: list[ObservedError] = field(default_factory=list)
    tools: list[dict[str, Any]] = field(default_factory=list)  # getTools(), without `window`
    given: list[str] = field(default_factory=list)  # tools the harness registered itself
    given_inputs: dict[str, list[Any]] = field(default_factory=dict)  # inputs they received
    runs: list[dict[str, Any]] = field(default_factory=list)  # {"step", "name", "input", "result"}
    console: list[str] = field(default_factory=list)  # console errors and warnings
    calls: list[str] = field(default_factory=list)  # prelude helpers called, in order
    navigations: list[str] = field(default_factory=list)  # URLs the page navigated to

    @property
    def tool_names(self) -> list[str]:
        return [str(tool["name"]) for tool in self.tools]

    @property
    def registered_by_example(self) -> list[str]:
        return [name for name in self.tool_names if name not in self.given]

    def tool(self, name: str) -> dict[str, Any] | None:
        return next((tool for tool in self.tools if tool["name"] == name), None)

    def summary(self) -> str:
        lines = [
            "errors: " + ("; ".join(map(str, self.errors)) or "none"),
            "tools registered: " + (", ".join(self.registered_by_example) or "none"),
        ]
        lines += [
            f"{run['step']} {run['name']} with {run['input']!r}: {run['result']!r}"
            for run in self.runs
        ]
        if self.calls:
            lines.append("helpers called: " + ", ".join(self.calls))
        lines += [f"navigated to {url}" for url in self.navigations]
        lines += [f"console: {line}" for line in self.console]
        return "\n".join(lines)


def unmet(claims: Claims, seen: Observation) -> list[str]:
    """Each way the observation contradicts the claims; empty when it bears them out."""
    problems = []
    expected = claims.of("error")
    for clause in expected:
        if not any(_matches(clause, error) for error in seen.errors):
            wanted = f" with a message containing {clause.text!r}" if clause.text else ""
            problems.append(f"no {clause.args[0]}{wanted} was raised")
    for error in seen.errors:
        if not any(_matches(clause, error) for clause in expected):
            problems.append(f"an unclaimed error was raised: {error}")
    for clause in claims.of("registers"):
        if sorted(seen.registered_by_example) != sorted(clause.args):
            shown = ", ".join(seen.registered_by_example) or "no tool"
            problems.append(f"expected exactly {', '.join(clause.args)} registered, got {shown}")
    if claims.of("no-tools") and seen.registered_by_example:
        problems.append(f"expected no tool, got {', '.join(seen.registered_by_example)}")
    for clause in claims.of("missing-tool"):
        if clause.args[0] in seen.tool_names:
            problems.append(f"tool {clause.args[0]} is registered")
    for clause in claims.of("missing-parameter"):
        tool_name, parameter = clause.args
        tool = seen.tool(tool_name)
        if tool is None:
            problems.append(f"tool {tool_name} is not registered at all")
        elif parameter in _properties(tool):
            problems.append(f"tool {tool_name} has the parameter {parameter}")
    for clause in claims.of("describes"):
        tool = seen.tool(clause.args[0])
        if tool is None:
            problems.append(f"tool {clause.args[0]} is not registered at all")
        elif str(clause.text) not in str(tool.get("description")):
            problems.append(
                f"tool {clause.args[0]} is described {tool.get('description')!r}, "
                f"not with {clause.text!r}"
            )
    if claims.of("navigates") and not seen.navigations:
        problems.append("the page did not navigate")
    if seen.navigations and not claims.of("navigates"):
        problems.append(f"the page navigated unclaimed to {', '.join(seen.navigations)}")
    for clause in claims.of("calls"):
        if clause.args[0] not in seen.calls:
            problems.append(f"{clause.args[0]}() was never called")
    for clause in claims.of("never-calls"):
        if clause.args[0] in seen.calls:
            problems.append(f"{clause.args[0]}() was called")
    for clause in claims.of("executes"):
        inputs = seen.given_inputs.get(clause.args[0], [])
        if not inputs:
            problems.append(f"tool {clause.args[0]} was never executed")
        elif not all(isinstance(given, dict) for given in inputs):
            problems.append(f"tool {clause.args[0]} received inputs {inputs!r}, not objects")
    return problems


def _matches(clause: Clause, error: ObservedError) -> bool:
    if error.name != clause.args[0]:
        return False
    return clause.text is None or clause.text in error.message


def _properties(tool: dict[str, Any]) -> dict[str, Any]:
    schema = tool.get("inputSchema")
    properties = schema.get("properties") if isinstance(schema, dict) else None
    return properties if isinstance(properties, dict) else {}


# What a form's validation accepts for the input types whose schema is a bare string.
SAMPLE_TEXT = {"email": "someone@example.com", "url": "https://example.com/"}


def sample_input(schema: Any, input_types: dict[str, str] | None = None) -> dict[str, Any]:
    """A plausible input for a tool: a value for each required property of its schema.
    `input_types` (a form tool's control types by name) make string values pass the
    form's validation."""
    if not isinstance(schema, dict):
        return {}
    properties = _properties({"inputSchema": schema})
    required = schema.get("required")
    names = (
        [name for name in required if isinstance(name, str)] if isinstance(required, list) else []
    )
    types = input_types or {}
    return {name: _sample_value(properties.get(name), types.get(name)) for name in names}


def _sample_value(schema: Any, input_type: str | None = None) -> Any:
    if input_type in SAMPLE_TEXT and (not isinstance(schema, dict) or "enum" not in schema):
        return SAMPLE_TEXT[input_type]
    if not isinstance(schema, dict):
        return "example"
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind in ("number", "integer"):
        for bound in ("minimum", "maximum"):
            if isinstance(schema.get(bound), (int, float)):
                return schema[bound]
        return 1
    if kind == "boolean":
        return True
    if kind == "array":
        return []
    if kind == "object":
        return sample_input(schema)
    return "example"
