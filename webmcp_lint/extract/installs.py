"""Where code puts a WebMCP runtime on the page: imports of the published
implementations and calls of their installers, `<script src>` from a CDN or
`node_modules`, a shim the project defines (`Object.defineProperty(navigator,
'modelContext', …)`, `document.modelContext = …`), and a test's fake of the whole global
(`vi.stubGlobal('navigator', …)`, `globalThis.navigator = …`).

Each is found from its words in the bytes, then confirmed in the tree, so a word in a
comment or a string is never one. A shim's members are read from the object it installs
(an object literal, or a class of the same script); an object that cannot be read gives
members `None`: nothing is concluded from them.
"""

from __future__ import annotations

import re
from pathlib import Path

from msgspec.structs import replace
from tree_sitter import Node

from webmcp_lint import KeywordBytesPattern, KeywordPattern, LazyPattern
from webmcp_lint.extract.implementations import (
    INSTALLERS,
    RELEASES,
    RUNTIME_PACKAGES,
    newest_admitted,
)
from webmcp_lint.extract.integrations import import_sources
from webmcp_lint.extract.semantic import semantic_model
from webmcp_lint.model import FileModel, Script
from webmcp_lint.model.runtime import Install, Surface
from webmcp_lint.syntax import markup, script_elements
from webmcp_lint.syntax.nodes import (
    arguments,
    descendants,
    property_name,
    string_literal,
    text,
    unwrap,
)

_PACKAGE_NAMES = (
    b"@mcp-b/global",
    b"@mcp-b/webmcp-polyfill",
    b"webmcp-nexus-sdk",
    b"@webmcp-auto-ui/core",
    b"@webmcp-bridge/core",
)
_PACKAGE_WORDS = KeywordBytesPattern(
    b"|".join(re.escape(name) for name in _PACKAGE_NAMES),
    needs=("@mcp-b/ webmcp-nexus-sdk @webmcp-",),
)
# A prefilter of a file's bytes (the calls are found by name in the semantic model).
_INSTALLER_NAMES = tuple(name.encode() for name in INSTALLERS)
_INSTALLER_WORDS = LazyPattern(rb"\b(?:" + b"|".join(_INSTALLER_NAMES) + rb")\b")
# `X.modelContext = …`, `defineProperty(X, 'modelContext'`, a fake of the whole global.
# Compiled for bytes that hold one of `_SHIM_HINTS`' matches (most scripts hold none).
_SHIM_WORDS = LazyPattern(
    rb"modelContext(?:Testing)?\b\s*(?:=[^=]|\?\?=|\|\|=)"
    rb"|defineProperty\s*\("
    rb"|stubGlobal\s*\("
    rb"|\b(?:globalThis|global|window|self)\s*(?:\)\s*)?\.\s*(?:navigator|document)\s*=[^=]"
    rb"|Object\.assign\s*\("
)
# What a match of `_SHIM_WORDS` holds, one expression per alternative, each opening with
# a word: the engine finds those fast, where it tries the alternation at every byte
# (most files match none of them); one is compiled only for bytes that hold its words.
_SHIM_HINTS = (
    KeywordBytesPattern(
        rb"modelContext(?:Testing)?\b\s*(?:=[^=]|\?\?=|\|\|=)", needs=("modelContext", "=")
    ),
    KeywordBytesPattern(rb"defineProperty\s*\(", needs=("defineProperty",)),
    KeywordBytesPattern(rb"stubGlobal\s*\(", needs=("stubGlobal",)),
    KeywordBytesPattern(rb"navigator\s*=[^=]", needs=("navigator", "=")),
    KeywordBytesPattern(rb"document\s*=[^=]", needs=("document", "=")),
    KeywordBytesPattern(rb"Object\.assign\s*\(", needs=("Object.assign",)),
)
_CDN = LazyPattern(
    r"(@mcp-b/global|@mcp-b/webmcp-polyfill|webmcp-nexus-sdk|@webmcp-auto-ui/core|"
    r"@webmcp-bridge/core)(?:@([^/?#\"']+))?"
)
_SURFACES: dict[str, Surface] = {"navigator": "navigator", "document": "document"}
BOTH_SURFACES: frozenset[Surface] = frozenset({"navigator", "document"})
_POLYFILL_FILE = KeywordPattern(
    r"(webmcp|model-?context)[-_.]?polyfill|polyfill[-_.]?(webmcp|model-?context)",
    re.I,
    needs=("polyfill", "webmcp model"),
)
_POLYFILL_FILE_BYTES = LazyPattern(_POLYFILL_FILE.pattern.encode(), re.I)
# A project's own installer: `installWebMCPPolyfill()`, `setupModelContextPolyfill()`.
_OWN_INSTALLER = KeywordBytesPattern(
    rb"(?<![\w$])(?:init|initiali[sz]e|install|setup|load|ensure|apply)\w*[Pp]olyfill(?![\w$])",
    needs=("olyfill",),
)
_GLOBAL_OBJECTS = frozenset({"window", "globalThis", "global", "self"})
_WRAPPERS = frozenset(
    {"parenthesized_expression", "as_expression", "non_null_expression", "satisfies_expression"}
)
MAX_MEMBERS_DEPTH = 3


def installs(model: FileModel) -> list[Install]:
    """Every install in a file, in the order written."""
    found: list[Install] = []
    for script in model.scripts:
        found.extend(_package_installs(model, script))
        found.extend(_installer_calls(model, script))
        found.extend(_shims(model, script))
        for specifier, statement in import_sources(script):
            if specifier in RUNTIME_PACKAGES or _type_only(statement):
                continue
            if _POLYFILL_FILE.search(specifier.rsplit("/")[-1]):
                # `./webmcp-polyfill.js`, or a workspace's own `webmcp-polyfill` package
                found.append(_project_polyfill(f"imports {specifier}", _line(model, statement)))
    # Only a `<script src>` installs: a page whose text lacks `src` is not walked again.
    # (`bytes.lower` folds ASCII alone, as `src` attributes are written: a pattern ignoring
    # case tried a match at every byte, 1 ms per 100 KB against 0.15 ms.)
    if model.markup is not None and b"src" in model.source.text.lower():
        for element in script_elements(model.markup.root_node):
            src = markup.attribute_map(element).get("src")
            if src is not None and src.value:
                line = model.source.line_of(element.start_byte) + 1
                install = _cdn(src.value, line)
                if install is not None:
                    found.append(install)
                elif _POLYFILL_FILE.search(src.value.split("?")[0].rsplit("/")[-1]):
                    found.append(_project_polyfill(f"loads {src.value}", line))
                elif _absent(model.source.path, src.value):
                    # a build's output, not in the tree: what it installs is not known
                    found.append(_project_polyfill(f"loads {src.value}, not in the tree", line))
    found.sort(key=lambda install: install.line)
    return found


# Where a build writes what a page loads: `../dist/auto.global.js`, `/build/app.js`.
_BUILT_SCRIPT = LazyPattern(r"(?:^|/)(?:dist|build|out|bundle|umd|iife)(?:/|$)", re.I)


def _absent(page: Path, src: str) -> bool:
    """Whether a page's local `<script src>` names a build's output that is not there (a
    package's demo loading its own `dist/`): next to the page, or under one of the three
    directories above it for a root-relative path. (Another missing file, a data script,
    says nothing about WebMCP.)"""
    path = src.split("?")[0].split("#")[0]
    if not path or ":" in path or path.startswith("//") or "${" in path or "{{" in path:
        return False
    if not _BUILT_SCRIPT.compiled.search(path.rsplit("/", 1)[0] if "/" in path else ""):
        return False
    if not path.startswith("/"):
        return not (page.parent / path).is_file()
    bases = [page.parent, *list(page.parent.parents)[:3]]
    return not any((base / path.lstrip("/")).is_file() for base in bases)


def _project_polyfill(what: str, line: int) -> Install:
    """A polyfill file of the project's own, named like one (`./webmcp-polyfill.js`),
    or a call of a function named like its installer: what it provides is not known
    here, so it is taken to install both surfaces where the browser has none."""
    return Install("shim", line, what, surfaces=BOTH_SURFACES, members=None, always=False)


def may_install(data: bytes) -> bool:
    """Whether bytes may hold an install (a cheap test before parsing a file)."""
    return bool(
        any(name in data for name in _PACKAGE_NAMES)
        or (
            any(name in data for name in _INSTALLER_NAMES)
            and _INSTALLER_WORDS.compiled.search(data)
        )
        or (
            b"olyfill" in data
            and (_OWN_INSTALLER.search(data) or _POLYFILL_FILE_BYTES.compiled.search(data))
        )
        or (
            b"modelContext" in data
            and any(hint.search(data) for hint in _SHIM_HINTS)
            and _SHIM_WORDS.compiled.search(data)
        )
    )


def package_of(specifier: str) -> str:
    """The package an import specifier names: `@scope/name` or `name`."""
    parts = specifier.split("/")
    return "/".join(parts[:2]) if specifier.startswith("@") else parts[0]


def _line(model: FileModel, node: Node) -> int:
    return model.source.line_of(node.start_byte) + 1


def _package_installs(model: FileModel, script: Script) -> list[Install]:
    """`import "@mcp-b/global"`, `import(…)`, `require(…)` of a runtime package; a string
    holding a CDN URL of one (a script element made in code)."""
    found: list[Install] = []
    seen: set[int] = set()
    for node, _ in semantic_model(script).matching(_PACKAGE_WORDS):
        string = node.parent if node.type == "string_fragment" else node
        if string is None or string.type not in ("string", "template_string"):
            continue
        if string.id in seen:
            continue
        seen.add(string.id)
        value = string_literal(string) if string.type == "string" else text(string).strip("`")
        if value is None:
            continue
        parent = string.parent
        if parent is not None and parent.type in ("import_statement", "export_statement"):
            if value not in RUNTIME_PACKAGES or _type_only(parent):
                continue  # a subpath (`@mcp-b/webmcp-polyfill/schema`) installs nothing
            bare = not any(c.type in ("import_clause", "export_clause") for c in parent.children)
            what = f"imports {value}" if not bare else f"imports {value} for its effect"
            found.append(Install("import", _line(model, parent), what, value, bare=bare))
            continue
        call = parent.parent if parent is not None and parent.type == "arguments" else None
        if call is not None and call.type == "call_expression":
            function = call.child_by_field_name("function")
            if function is not None and text(function) in ("require", "import"):
                if value in RUNTIME_PACKAGES:
                    line = _line(model, call)
                    found.append(Install("import", line, f"imports {value}", value, bare=True))
                continue
        if "://" in value or value.startswith("/node_modules/"):
            install = _cdn(value, _line(model, string))
            if install is not None:
                found.append(install)
    return found


def _type_only(statement: Node) -> bool:
    return any(child.type == "type" for child in statement.children)


def _installer_calls(model: FileModel, script: Script) -> list[Install]:
    found: list[Install] = []
    semantic = semantic_model(script)
    # Every name the pattern matches ends in `olyfill`: a script without it is not
    # scanned (0.2 s over a 10 MB file).
    own = model.source.text.find(b"olyfill", script.span.start, script.span.end) != -1
    for node, match in semantic.matching(_OWN_INSTALLER) if own else ():
        name = match.group().decode()
        if name in INSTALLERS or _called_at(node) is None:
            continue
        line = model.source.line_of(match.start()) + 1
        found.append(_project_polyfill(f"calls {name}()", line))
    for node, name in semantic.at_words(sorted(INSTALLERS)):
        call = _called_at(node)
        if call is None:
            continue
        imported = _imported_from(script, call.child_by_field_name("function"))
        if imported is not None and imported not in RUNTIME_PACKAGES:
            # another package's (or the project's) function of that name: what it
            # installs is not known here
            found.append(_project_polyfill(f"calls {name}() of {imported}", _line(model, call)))
            continue
        package = imported or INSTALLERS[name]
        found.append(Install("call", _line(model, call), f"calls {name}()", package))
    return found


def _imported_from(script: Script, function: Node | None) -> str | None:
    """The module a called name is imported from (`import { f } from "m"`), if it is."""
    if function is None or function.type != "identifier":
        return None
    binding = script.resolve(function)
    node = binding.node if binding is not None else None
    while node is not None and node.type not in ("import_statement", "program"):
        node = node.parent
    if node is None or node.type != "import_statement":
        return None
    source = node.child_by_field_name("source")
    return string_literal(source) if source is not None else None


def _called_at(node: Node) -> Node | None:
    """The call whose callee is the name (or member) `node`, if it is one."""
    if node.type not in ("identifier", "property_identifier"):
        return None
    function = node.parent if node.type == "property_identifier" else node
    call = function.parent if function is not None else None
    if call is None or call.type != "call_expression":
        return None
    return call if call.child_by_field_name("function") == function else None


def _cdn(url: str, line: int) -> Install | None:
    """A `<script src>` (or a URL in code) of a runtime package from a CDN or from
    `node_modules`: the version in the URL, the newest for none or `latest`."""
    if not (url.startswith(("http://", "https://", "//")) or "node_modules/" in url):
        return None
    match = _CDN.compiled.search(url)
    if match is None:
        return None
    package, tag = match.group(1), match.group(2)
    releases = RELEASES.get(package, [])
    if tag is None or tag == "latest":
        version = releases[-1] if releases and "node_modules/" not in url else None
    else:
        version = newest_admitted(package, tag)
    shown = url if len(url) <= 80 else url[:77] + "..."
    return Install("script", line, f"loads {shown}", package, version)


# -- shims and fakes --------------------------------------------------------------------


def _shims(model: FileModel, script: Script) -> list[Install]:
    found: list[Install] = []
    source = model.source.text
    start, end = script.span.start, script.span.end
    if b"modelContext" not in source[start:end] or not any(
        hint.search(source, start, end) for hint in _SHIM_HINTS
    ):
        return found
    seen: set[int] = set()
    for found_at, _ in semantic_model(script).matching(_SHIM_WORDS.compiled, first_byte=True):
        node: Node | None = found_at
        while node is not None and node.type not in (
            "assignment_expression",
            "augmented_assignment_expression",
            "call_expression",
        ):
            if node.type in ("statement_block", "program", "expression_statement"):
                node = None
                break
            node = node.parent
        if node is None or node.id in seen:
            continue
        seen.add(node.id)
        install = _shim(model, script, node)
        if install is not None:
            found.append(install)
    return found


def _shim(model: FileModel, script: Script, node: Node) -> Install | None:
    if node.type in ("assignment_expression", "augmented_assignment_expression"):
        left = node.child_by_field_name("left")
        right = node.child_by_field_name("right")
        if left is None or right is None:
            return None
        operator = node.child_by_field_name("operator")
        where_missing = operator is not None and text(operator) in ("??=", "||=")
        return _assigned(model, script, node, unwrap(left), right, where_missing)
    function = node.child_by_field_name("function")
    args = arguments(node)
    name = text(function) if function is not None else ""
    if name.endswith("defineProperty") and len(args) >= 3:
        key = string_literal(args[1])
        descriptor = unwrap(args[2])
        target = _target(script, args[0])
        value = _descriptor_value(descriptor)
        if key is None or target is None or value is None:
            return None
        return _installed(model, script, node, target, key, value)
    if name.endswith("stubGlobal") and len(args) >= 2:
        key = string_literal(args[0])
        if key in _SURFACES:
            return _fake_global(model, script, node, key, args[1])
        return None
    if name == "Object.assign" and len(args) >= 2:
        target = _target(script, args[0])
        values = script.value(args[1])
        if target is None or values.kind != "object":
            return None
        for key in ("modelContext", "modelContextTesting", "navigator", "document"):
            entry = values.entry(key)
            if entry is not None and entry.value.node is not None:
                return _installed(model, script, node, target, key, entry.value.node)
    return None


def _target(script: Script, node: Node, depth: int = 0) -> str | None:
    """`navigator`, `document`, `global` (globalThis and friends): what an install writes
    to, also through a `const` holding one (`const nav = navigator as ...`); None for any
    other object."""
    node = unwrap(node)
    if node.type == "identifier" and depth < 2 and text(node) not in (*_SURFACES, *_GLOBAL_OBJECTS):
        bound = script.constant(node)
        return (
            _target(script, bound, depth + 1) if bound is not None and bound.id != node.id else None
        )
    while node.type in _WRAPPERS:
        inner = node.named_children[0] if node.named_children else None
        if inner is None:
            return None
        node = inner
    written = text(node)
    if written in _SURFACES:
        return written
    if written in _GLOBAL_OBJECTS:
        return "global"
    if node.type == "member_expression":
        owner = node.child_by_field_name("object")
        name = property_name(node)
        if owner is not None and name in _SURFACES:
            return name  # `window.navigator`, or one handed in (`deps.navigator`)
        if name == "prototype" and owner is not None and text(owner) in ("Navigator", "Document"):
            return text(owner).lower()
    return None


def _assigned(
    model: FileModel, script: Script, node: Node, left: Node, right: Node, where_missing: bool
) -> Install | None:
    while left.type in _WRAPPERS and left.named_children:
        left = left.named_children[0]
    if left.type != "member_expression":
        return None
    key = property_name(left)
    owner = left.child_by_field_name("object")
    target = _target(script, owner) if owner is not None else None
    if key is None or target is None:
        return None
    if key in ("modelContext", "modelContextTesting") and _mentions_same(right, key):
        where_missing = True  # `navigator.modelContext = navigator.modelContext || shim`
    install = _installed(model, script, node, target, key, right)
    if install is not None and where_missing:
        return replace(install, always=False)
    return install


def _mentions_same(node: Node, key: str) -> bool:
    return key.encode() in node.text if node.text is not None else False


def _descriptor_value(descriptor: Node) -> Node | None:
    """The object a property descriptor installs: its `value`, or what its getter
    returns."""
    if descriptor.type != "object":
        return None
    for pair in descriptor.named_children:
        if pair.type == "pair":
            key = pair.child_by_field_name("key")
            value = pair.child_by_field_name("value")
            if key is None or value is None:
                continue
            name = text(key).strip("'\"")
            if name == "value":
                return value
            if name == "get":
                return _returned(value)
        elif pair.type == "method_definition" and text(pair.child_by_field_name("name")) == "get":
            return _returned(pair)
    return None


def _returned(function: Node) -> Node | None:
    body = function.child_by_field_name("body")
    if body is None:
        return None
    if body.type != "statement_block":
        return body
    for statement in body.named_children:
        if statement.type == "return_statement" and statement.named_children:
            return statement.named_children[0]
    return None


def _installed(
    model: FileModel, script: Script, node: Node, target: str, key: str, value: Node
) -> Install | None:
    """What writing `value` to `target`'s `key` installs."""
    fake = model_is_fake(target, key)
    if fake:
        return _fake_global(model, script, node, key, value)
    if target not in _SURFACES or key not in ("modelContext", "modelContextTesting"):
        return None
    surface = _SURFACES[target]
    line = _line(model, node)
    always = not _only_where_missing(script, node)
    if key == "modelContextTesting":
        return Install("shim", line, f"defines {target}.modelContextTesting", testing=True)
    members = members_of(script, value)
    return Install(
        "shim",
        line,
        f"defines {target}.modelContext",
        surfaces=frozenset({surface}),
        members=members,
        always=always,
    )


def model_is_fake(target: str, key: str) -> bool:
    """Writing a whole `navigator` or `document` onto the global object."""
    return target == "global" and key in _SURFACES


def _fake_global(model: FileModel, script: Script, node: Node, key: str, value: Node) -> Install:
    """`vi.stubGlobal('navigator', {...})` and friends: a fake `navigator` or `document`,
    with the `modelContext` it holds."""
    surface = _SURFACES[key]
    fake = script.value(value)
    line = _line(model, node)
    what = f"replaces the global {key} with a fake"
    if fake.kind != "object":
        return Install("fake", line, what, surfaces=frozenset({surface}), members=None)
    entry = fake.entry("modelContext")
    testing = fake.entry("modelContextTesting") is not None
    if entry is None:
        absent = frozenset() if fake.complete else frozenset({surface})
        return Install("fake", line, what, surfaces=absent, members=None, testing=testing)
    members = members_of(script, entry.value.node) if entry.value.node is not None else None
    return Install(
        "fake", line, what, surfaces=frozenset({surface}), members=members, testing=testing
    )


def members_of(script: Script, node: Node | None, depth: int = 0) -> frozenset[str] | None:
    """The members of the object `node` evaluates to: an object literal's keys, the
    methods and fields of a class of the same script (`new Shim()`); None when they
    cannot be read completely."""
    if node is None or depth > MAX_MEMBERS_DEPTH:
        return None
    node = unwrap(node)
    value = script.value(node)
    if value.kind == "object":
        return frozenset(value.entries) if value.complete else None
    if node.type == "new_expression":
        constructor = node.child_by_field_name("constructor")
        declaration = _class_of(script, constructor) if constructor is not None else None
        return _class_members(declaration) if declaration is not None else None
    if node.type == "identifier":
        bound = script.constant(node)
        if bound is not None and bound.id != node.id:
            return members_of(script, bound, depth + 1)
    return None


def _class_of(script: Script, identifier: Node) -> Node | None:
    if identifier.type != "identifier":
        return None
    binding = script.resolve(identifier)
    declaration = binding.node if binding is not None else None
    while declaration is not None and declaration.type not in ("class_declaration", "class"):
        declaration = declaration.parent
        if declaration is not None and declaration.type in ("program", "statement_block"):
            return None
    return declaration


def _class_members(declaration: Node) -> frozenset[str] | None:
    if any(child.type == "class_heritage" for child in declaration.children):
        return None  # inherited members are out of sight
    body = declaration.child_by_field_name("body")
    if body is None:
        return None
    names: set[str] = set()
    for member in body.named_children:
        name = member.child_by_field_name("name") or member.child_by_field_name("property")
        if member.type in ("method_definition", "field_definition", "public_field_definition"):
            if name is None:
                return None
            written = text(name).strip("'\"")
            if written not in ("constructor",) and not written.startswith("#"):
                names.add(written)
    return frozenset(names)


def _only_where_missing(script: Script, node: Node) -> bool:
    """Whether an install runs only where the API is missing: inside an `if` (or `?:`,
    `&&`, `||`) that tests `modelContext`, or after an early return on such a test."""
    child = node
    parent = node.parent
    while parent is not None:
        if parent.type in ("if_statement", "ternary_expression", "binary_expression"):
            condition = parent.child_by_field_name("condition") or parent.child_by_field_name(
                "left"
            )
            if condition is not None and condition != child and _tests_context(script, condition):
                return True
        if parent.type in ("statement_block", "program"):
            sibling = child.prev_named_sibling
            while sibling is not None:
                if sibling.type == "if_statement":
                    condition = sibling.child_by_field_name("condition")
                    consequence = sibling.child_by_field_name("consequence")
                    if (
                        condition is not None
                        and consequence is not None
                        and _tests_context(script, condition)
                        and _leaves(consequence)
                    ):
                        return True
                sibling = sibling.prev_named_sibling
        if parent.type in ("function_declaration", "arrow_function", "function_expression"):
            break
        child, parent = parent, parent.parent
    return False


def _tests_context(script: Script, condition: Node) -> bool:
    """Whether a condition tests for the API: it mentions `modelContext`, or calls a
    function of the same script that does (`if (isNativeWebMCP()) return`)."""
    if condition.text is not None and b"modelcontext" in condition.text.lower():
        return True  # `modelContext`, `existingModelContext`, `hasModelContext()`
    for call in descendants(condition, frozenset({"call_expression"})):
        function = call.child_by_field_name("function")
        if function is None or function.type != "identifier":
            continue
        binding = script.resolve(function)
        declaration = binding.node if binding is not None else None
        while declaration is not None and declaration.type not in _DECLARED_FUNCTIONS:
            declaration = declaration.parent
            if declaration is not None and declaration.type in ("program", "statement_block"):
                declaration = None
        if declaration is not None and b"modelContext" in (declaration.text or b""):
            return True
    return False


_DECLARED_FUNCTIONS = frozenset(
    {"function_declaration", "variable_declarator", "function_expression", "arrow_function"}
)


def _leaves(statement: Node) -> bool:
    if statement.type in ("return_statement", "throw_statement"):
        return True
    return statement.type == "statement_block" and any(
        child.type in ("return_statement", "throw_statement") for child in statement.named_children
    )
