"""The tool contract: the tools a site gives to agents, compared with a committed manifest.

`webmcp-lint tools -o FILE` writes the manifest (the JSON `tools` prints);
`webmcp-lint tools --check FILE` finds the tools again and lists every difference that
agents would see: a tool added or removed, or its name, title, description, input schema,
output schema or annotations changed. Where a tool is defined (path, line) and how it is
registered are not part of the contract. Tools are matched by name; tools that share a name (one
form on several pages) are compared as a group, and so are tools whose name is not known
statically.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from webmcp_lint.model.values import ABSENT, json_changes

# What agents see of a tool; the manifest's other keys (kind, path, line) are not compared.
# A manifest written before `outputSchema` was listed has no such key: read as null, the
# same as a tool without one.
CONTRACT_KEYS = ("name", "title", "description", "inputSchema", "outputSchema", "annotations")


class ManifestError(Exception):
    """A manifest that cannot be read or is not a list of tools: a usage error."""


def read_manifest(file: Path) -> list[dict[str, Any]]:
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise ManifestError(f"cannot read {file}: {error.strerror or error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ManifestError(f"{file} is not JSON: {error}") from None
    if not isinstance(data, list) or not all(isinstance(t, dict) for t in data):
        raise ManifestError(
            f"{file} is not a tool manifest (a JSON list of tools, as `webmcp-lint tools` "
            "writes it)"
        )
    return data


def contract(tool: dict[str, Any]) -> dict[str, Any]:
    return {key: tool.get(key) for key in CONTRACT_KEYS}


def differences(committed: list[dict[str, Any]], found: list[dict[str, Any]]) -> list[str]:
    """Every change from the committed manifest to the tools found, one line each (with
    indented detail lines), in name order. Empty when the contract is the same."""
    before, after = _by_name(committed), _by_name(found)
    lines: list[str] = []
    for name in sorted(before.keys() | after.keys(), key=lambda n: (n is None, n or "")):
        old, new = before.get(name, []), after.get(name, [])
        shown = f"`{name}`" if name is not None else "a tool whose name is not known statically"
        old_contracts = sorted((contract(t) for t in old), key=_canonical)
        new_contracts = sorted((contract(t) for t in new), key=_canonical)
        if old_contracts == new_contracts:
            continue
        if not old:
            lines.append(f"added: {shown} ({_where(new)})")
        elif not new:
            lines.append(f"removed: {shown}")
        elif len(old) == len(new) == 1:
            lines.append(f"changed: {shown} ({_where(new)})")
            lines.extend(
                f"    {change}" for change in _changes(old_contracts[0], new_contracts[0], "")
            )
        else:
            lines.append(
                f"changed: {shown}: the manifest has {len(old)} and the code {len(new)} tools "
                f"of that name ({_where(new)}), and they differ"
            )
    return lines


def _by_name(tools: list[dict[str, Any]]) -> dict[str | None, list[dict[str, Any]]]:
    grouped: dict[str | None, list[dict[str, Any]]] = defaultdict(list)
    for tool in tools:
        name = tool.get("name")
        grouped[name if isinstance(name, str) else None].append(tool)
    return grouped


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _where(tools: list[dict[str, Any]]) -> str:
    return ", ".join(f"{t.get('path')}:{t.get('line')}" for t in tools)


def _changes(old: Any, new: Any, path: str) -> list[str]:
    """What changed from `old` to `new` (JSON values), by the path of each change:
    `description`, `inputSchema.properties.limit`, `annotations.readOnlyHint`."""
    return [
        f"{where}: {_shown(before)} -> {_shown(after)}"
        for where, before, after in json_changes(old, new, path)
    ]


def _shown(value: Any) -> str:
    if value is ABSENT:
        return "(absent)"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:117] + "..."
