"""The package's layers and import edges, as the layer tests hold them.

    python -m tests.layout        # each layer, its packages and what each imports

Each module may import only from its own layer or the layers above it in `LAYERS`
(lower = more basic), and no import cycle may exist among modules
(tests/test_rule_layout.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "webmcp_lint"

LAYERS: list[tuple[str, ...]] = [
    ("webmcp_lint",),
    ("webmcp_lint.registry",),
    ("webmcp_lint.workspace",),
    ("webmcp_lint.diagnostics",),
    ("webmcp_lint.model",),
    ("webmcp_lint.syntax",),
    ("webmcp_lint.extract",),
    ("webmcp_lint.checks",),
    ("webmcp_lint.config",),
    ("webmcp_lint.output",),
    ("webmcp_lint.run",),
    ("webmcp_lint.verify",),
    ("webmcp_lint.cli", "webmcp_lint.__main__"),
]


def layer_of(module: str) -> int:
    best = -1, -1
    for index, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best[1]:
                best = index, len(prefix)
    assert best[0] >= 0, f"{module} is in no layer: add it to LAYERS"
    return best[0]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports() -> dict[str, set[str]]:
    """Every module of the package and the package modules it imports (TYPE_CHECKING
    imports and imports inside functions included: they are dependencies too)."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("webmcp_lint"))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                    base = f"{base}.{node.module}" if node.module else base
                if base.startswith("webmcp_lint"):
                    found.add(base)
        graph[name] = {target for target in found if target != name}
    return graph


def unit_of(module: str) -> str:
    """The entry of `LAYERS` a module belongs to (a package, or a top-level module)."""
    return max(
        (p for ps in LAYERS for p in ps if module == p or module.startswith(p + ".")), key=len
    )


def main() -> None:
    """Each layer with its packages and modules, and what each imports from the others."""
    edges: dict[str, set[str]] = {}
    for module, targets in imports().items():
        unit = unit_of(module)
        edges.setdefault(unit, set()).update(unit_of(t) for t in targets)
    for index, units in enumerate(LAYERS):
        print(f"layer {index}")
        for unit in units:
            used = sorted(edges.get(unit, set()) - {unit}, key=lambda u: (layer_of(u), u))
            print(f"  {unit}" + (f" -> {', '.join(used)}" if used else ""))


if __name__ == "__main__":
    main()
