"""Which files an agent sees together: the import graph of the run's files and the pages
it gives (a page = an entry and every module it reaches through static imports).

Every file of the run gives the specifiers it imports (`specifiers`: a bounded lexical
scan of its bytes for `import … from`, `export … from`, `import "…"`, `import("…")` and
`require("…")`, so a file the prefilter skipped, `main.tsx` or `App.tsx`, costs a
regular-expression search for each keyword and no parse). The scan leaves out type-only
imports (`import type`, `export type`: nothing of them runs), lines that start as
comments, and `x.from("…")`. Specifiers are kept as written (they are the file's bytes, so the cache
key covers them) and resolved after the run with `extract/modules.resolve`, so a file
added or removed changes the graph on the next run, cached or not.

An HTML file's edges are the scripts it loads (`<script src>`) and the imports of its
inline scripts. An entry is a file of the graph no other file of the run imports (an
HTML file always is one). A page is an entry with what it reaches, at most MAX_DEPTH
imports down; a page whose files all lie on a larger page is left out (its findings
would repeat). A file with tools that no entry reaches within bounds (no import edge
known for it, an import cycle nothing enters, or past the bounds) is on its project's
page, as when nothing narrower is known.

Bounded: MAX_SPECIFIERS per file; the walk visits only files that lead to a file with
tools, and at most MAX_WALK files over all entries (beyond it, the files not reached
yet fall back to their project's page). Everything is visited in path order, so the
pages do not depend on the order files were checked in.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from webmcp_lint import LazyPattern

# `import x from "…"`, `export * from "…"`, `import "…"`, `import("…")`, `require("…")`:
# a pattern for each keyword, which the pattern starts with (searched for as a literal in
# C: a pattern starting with any of them was tried at every byte that starts one, three
# times slower, and a search of each keyword tried in Python where it stands, slower by
# a fifth, most keywords starting no import).
KEYWORDS = (b"import", b"from", b"require")
SPECIFIERS = tuple(
    re.compile(keyword + rb"""\s*(?:\(\s*)?["']([^"'\n\r]{1,300})["']""") for keyword in KEYWORDS
)
_SCANS = tuple(zip(KEYWORDS, SPECIFIERS, strict=True))  # made once: `zip` parses keywords
TYPE_ONLY = LazyPattern(rb"(?:import|export)\s+type\s")
# How a line that is a comment starts, once `bytes.lstrip` has stripped it (a pattern
# `\s*(?://|/\*|\*)` would be quadratic in a run of spaces: tests/test_regex_linear.py).
COMMENT_STARTS = (b"//", b"/*", b"*")
# The bytes before a keyword that make it part of a longer name (`bytes.isalnum` is ASCII's):
# `extract.identifiers.WORD_BYTES` and a dot, written here since importing `extract` loads
# every extractor and tree-sitter, which screening a file must not.
_NAME_BYTES = frozenset(b"_$." + bytes(c for c in range(128) if chr(c).isalnum()))
MAX_SPECIFIERS = 500  # specifiers kept per file
MAX_TRIED = 20_000  # imports looked at per file
MAX_STATEMENT = 2000  # bytes before a `from` searched for its `import type`
MAX_DEPTH = 64  # imports from an entry to a file of its page
MAX_WALK = 1_000_000  # files visited over all entries
MAX_PAGES = 2000  # pages compared with each other to drop those inside another
ALIAS_CONFIGS = ("tsconfig.json", "jsconfig.json")
RELATIVE = ("./", "../")
DOTS = frozenset((".", ".."))
ODD_ENDINGS = ("/", "/.", "/..")  # of a relative specifier that names no file by its text
Aliases = dict[tuple[str, str], str | None]  # (importing directory, bare specifier): file
NO_FILES: frozenset[str] = frozenset()


def specifiers(data: bytes) -> tuple[str, ...]:
    """The module specifiers a script's bytes import, in order, each once."""
    first: dict[str, int] = {}  # each specifier, where it is first imported
    tried = 0
    # One loop, its tests written out (a function call per import was 3% of the scan).
    # The pattern is searched for from where `bytes.find` finds its keyword next, which
    # reads bytes for a third of the instructions the pattern's search does.
    for keyword, pattern in _SCANS:
        at = data.find(keyword)
        while at != -1 and len(first) < MAX_SPECIFIERS and tried < MAX_TRIED:
            found = pattern.search(data, at)
            if found is None:
                break
            tried += 1
            start = found.start()
            floor = start - MAX_STATEMENT if start > MAX_STATEMENT else 0  # (`max` parses keywords)
            if not (
                # Part of a longer name, or `Array.from("…")`, `loader.import("…")`.
                (start and data[start - 1] in _NAME_BYTES)
                or data[data.rfind(b"\n", floor, start) + 1 or floor : start]
                .lstrip()
                .startswith(COMMENT_STARTS)
                or (keyword == b"from" and _type_only(data, floor, start))
            ):
                try:
                    specifier = found.group(1).decode("utf-8").strip()
                except UnicodeDecodeError:
                    specifier = ""
                if specifier and start < first.get(specifier, len(data)):
                    first[specifier] = start
            at = data.find(keyword, start + 1)
    return tuple(sorted(first, key=first.__getitem__))


def _type_only(data: bytes, floor: int, start: int) -> bool:
    """Whether the statement a `from` at `start` ends begins `import type`/`export type`
    (its beginning searched for from `floor` on)."""
    begins = data.rfind(b"import", floor, start)
    # An `export` begins the statement only after its last `import` (looking for one
    # back to the floor at every `from` was most of this test).
    exported = data.rfind(b"export", floor if begins < 0 else begins, start)
    if exported > begins:
        begins = exported
    return begins >= 0 and TYPE_ONLY.compiled.match(data, begins, start) is not None


class Node(Protocol):
    """What the graph reads of a file (`pages.PageFile`)."""

    @property
    def path(self) -> str: ...
    @property
    def real(self) -> str: ...
    @property
    def html(self) -> bool: ...
    @property
    def scripts(self) -> tuple[tuple[str, ...], ...]: ...
    @property
    def imports(self) -> tuple[str, ...]: ...


def edges(files: Sequence[Node]) -> dict[str, tuple[str, ...]]:
    """For each file (by real path), the files of the run it loads or imports, in order."""
    graph = Graph(files)
    return {f.real: targets for f in files if (targets := graph.forward(f.real))}


class Graph:
    """The import graph of the run's files, resolved as it is asked about: a tree has
    thousands of files and tens of thousands of imports, of which the pages need the few
    that lead to a file with tools. Who may import a file is found by the relative
    specifiers whose text ends with a name that may reach it (`_named_by`), looked for
    in every file's specifiers at once (`importers_of`); an aliased specifier
    (`tsconfig.json` `paths`, `$lib`) can name any file, so those are resolved at once."""

    def __init__(self, files: Sequence[Node], aliased: Aliases | None = None) -> None:
        self.by_real = {f.real: f for f in files}
        self._files = files
        self._forward: dict[str, tuple[str, ...]] = {}
        # The bare specifiers resolved as they are met (`aliases`, in this same pass),
        # unless given.
        self._resolved: Aliases = {} if aliased is None else dict(aliased)
        self._configs: dict[str, bool] = {}
        # Every specifier of the run once (a tree's files repeat theirs: sparse has 34,354
        # in 11,464 files), by the last name a relative one's text ends with; the files
        # are then searched for a set of them by set operations, not specifier by
        # specifier (reading each one took most of the page pass).
        written: set[str] = set().union(*(file.imports for file in files))
        relative = {s for s in written if s.startswith(RELATIVE)} | (written & DOTS)
        # Ending in a dot or a slash (`_written_last_name`): the importer's path decides.
        odd = {s for s in relative if s.endswith(ODD_ENDINGS)} | (written & DOTS)
        self._by_last_name: dict[str, list[str]] = {}
        for specifier in relative - odd:
            name = specifier[specifier.rfind("/") + 1 :]
            self._by_last_name.setdefault(name, []).append(specifier)
        bare = {s for s in written - relative if not _remote(s)}
        lib = {specifier for specifier in bare if specifier.startswith("$lib")}
        # The files that may import a file, besides those its name finds: by the last
        # name of the path a relative specifier ending in a dot or slash names, and by
        # the real path a `<script src>` or an aliased specifier may be.
        self._naming: dict[str, list[str]] = {}
        self._named: dict[str, list[str]] = {}
        # Only the files with a `<script src>`, a relative specifier ending in a dot or
        # a slash, or a bare specifier are read specifier by specifier.
        special = odd | bare
        for file in [f for f in files if f.scripts or not special.isdisjoint(f.imports)]:
            real = file.real
            for sources in file.scripts:
                for source in sources:
                    self._named.setdefault(source, []).append(real)
            imports = file.imports
            if not odd.isdisjoint(imports):
                for specifier in imports:
                    if specifier in odd:
                        self._naming.setdefault(_last_name(real, specifier), []).append(real)
            if bare.isdisjoint(imports):
                continue
            directory = os.path.dirname(real)
            # Without an alias configuration above, a bare specifier names no file of
            # the run (`_resolve`), unless it is SvelteKit's `$lib`.
            if lib.isdisjoint(imports) and not _configured(directory, self._configs):
                continue
            for specifier in imports:
                if specifier in bare:
                    target = _alias(self._resolved, self._configs, directory, specifier, real)
                    if target is not None:
                        self._named.setdefault(target, []).append(real)

    def forward(self, real: str) -> tuple[str, ...]:
        """The files of the run a file loads or imports, in order (a tuple: most files
        import none of the run's, and an empty list per file of a tree cost 0.7 MiB)."""
        found = self._forward.get(real)
        if found is None:
            file = self.by_real[real]
            if not (file.scripts or file.imports):
                return ()  # not kept: asked of every file with tools of a tree
            targets: dict[str, None] = {}
            for sources in file.scripts:
                script = next((c for c in sources if c in self.by_real), None)
                if script is not None:
                    targets.setdefault(script)
            directory = os.path.dirname(real)
            for specifier in file.imports:
                if _remote(specifier):
                    continue
                target = self._target(file, directory, specifier)
                if target is not None and target in self.by_real and target != real:
                    targets.setdefault(target)
            found = self._forward[real] = tuple(targets)
        return found

    def importers(self, real: str) -> frozenset[str]:
        """The files of the run that load or import a file."""
        return self.importers_of([real])[real]

    def importers_of(self, reals: Iterable[str]) -> dict[str, frozenset[str]]:
        """For each of some files, the files of the run that load or import it (asked
        of every file with tools of a tree, which most files are imported by none of:
        an empty set each was 1.8 MiB of dense-10x's page pass): the files are searched
        once for them all."""
        maybe: dict[str, set[str]] = {}
        wanting: dict[str, list[str]] = {}  # each relative specifier, the files it may name
        for real in reals:
            maybe[real] = {*self._named.get(real, ())}
            for name in _named_by(real):
                maybe[real].update(self._naming.get(name, ()))
                for specifier in self._by_last_name.get(name, ()):
                    wanting.setdefault(specifier, []).append(real)
        if wanting:
            for file in self._files:
                if not wanting.keys().isdisjoint(file.imports):
                    for specifier in wanting.keys() & set(file.imports):
                        for real in wanting[specifier]:
                            maybe[real].add(file.real)
        found: dict[str, frozenset[str]] = {}
        for real, importers in maybe.items():
            kept = [importer for importer in importers if real in self.forward(importer)]
            found[real] = frozenset(kept) if kept else NO_FILES
        return found

    def _target(self, file: Node, directory: str, specifier: str) -> str | None:
        key = (directory, specifier)
        if key not in self._resolved:  # a relative specifier, or a bare one not aliased
            self._resolved[key] = _resolve(
                specifier, directory, file.real, self.by_real, self._configs
            )
        return self._resolved[key]


def aliases(files: Sequence[Node]) -> Aliases:
    """What every bare specifier of the run names (by importing directory and specifier):
    the part of the graph the file system decides, beside the run's files."""
    configs: dict[str, bool] = {}
    found: Aliases = {}
    for file in files:
        directory = None  # asked only of a file with a bare specifier
        for specifier in file.imports:
            if _relative(specifier) or _remote(specifier):
                continue
            directory = directory or os.path.dirname(file.real)
            _alias(found, configs, directory, specifier, file.real)
    return found


def _alias(
    found: Aliases, configs: dict[str, bool], directory: str, specifier: str, importer: str
) -> str | None:
    """What a bare specifier of a file in `directory` names, kept in `found` (the first
    file of a directory to import it decides)."""
    key = (directory, specifier)
    if key not in found:
        if specifier.startswith("$lib") or _configured(directory, configs):
            found[key] = _resolve(specifier, directory, importer, {}, configs)
        else:
            found[key] = None  # what `_resolve` says without an alias configuration
    return found[key]


def _relative(specifier: str) -> bool:
    return specifier.startswith(RELATIVE) or specifier in DOTS


def _remote(specifier: str) -> bool:
    return "://" in specifier or specifier.startswith(("data:", "node:"))


def _last_name(importer: str, specifier: str) -> str:
    """The last name of the path a relative specifier of the file `importer` names
    (`./a/b.js`: `b.js`); the importer's directory is needed only for one ending in a
    dot or a slash (a tree's files import thousands of specifiers)."""
    name = _written_last_name(specifier)
    if name is None:
        directory = os.path.dirname(importer)
        name = os.path.basename(os.path.normpath(os.path.join(directory, specifier)))
    return name


def _written_last_name(specifier: str) -> str | None:
    """The last name a relative specifier's text ends with (`./a/b.js`: `b.js`), the
    same whatever file imports it; None when it ends in a dot or a slash."""
    name = specifier[specifier.rfind("/") + 1 :]
    return None if name in ("", ".", "..") else name


def _named_by(real: str) -> list[str]:
    """The last names a relative specifier may end with to reach a file (`candidates`,
    turned around): the file's name, without its extension, as `.js` for a `.ts` file,
    and its directory's for an `index` file."""
    from webmcp_lint.extract.modules import _WRITTEN_FOR  # the page pass's: not every run's

    directory, name = os.path.split(real)
    stem, extension = os.path.splitext(name)
    names = [name, stem, *(stem + w for w, ts in _WRITTEN_FOR.items() if extension in ts)]
    if stem == "index":
        names.append(os.path.basename(directory))
    return names


def _resolve(
    specifier: str, directory: str, importer: str, run: dict[str, Node], configs: dict[str, bool]
) -> str | None:
    """The file of the run a specifier names. A relative one is looked up among the
    run's files by its text alone (a file outside the run is no edge; asking the file
    system about every import of a 15,000-file tree took seconds); a bare one is resolved
    as the linker resolves it, when a `tsconfig.json`/`jsconfig.json` above may alias it
    (or it is SvelteKit's `$lib`)."""
    from webmcp_lint.extract.modules import candidates, resolve

    if _relative(specifier):
        target = os.path.normpath(os.path.join(directory, specifier))
        return next((c for c in candidates(target) if c in run), None)
    if not specifier.startswith("$lib") and not _configured(directory, configs):
        return None
    try:
        return resolve(specifier, importer)
    except (OSError, ValueError):
        return None


def _configured(directory: str, known: dict[str, bool]) -> bool:
    """Whether `directory` or one above it holds a `tsconfig.json` or `jsconfig.json`
    (`known` remembers each directory asked)."""
    asked = []
    current = directory
    for _ in range(MAX_DEPTH):
        if current in known:
            break
        asked.append(current)
        if any(os.path.isfile(os.path.join(current, n)) for n in ALIAS_CONFIGS):
            known[current] = True
            break
        parent = os.path.dirname(current)
        if parent == current:
            known[current] = False
            break
        current = parent
    answer = known.get(current, False)
    for each in asked:
        known[each] = answer
    return answer


def reach(start: str, forward: dict[str, tuple[str, ...]]) -> set[str]:
    """The files (real paths) a file reaches through `edges`, itself included, at most
    MAX_DEPTH imports down."""
    seen = {start}
    level = [start]
    for _ in range(MAX_DEPTH):
        level = [t for current in level for t in forward.get(current, ()) if t not in seen]
        level = list(dict.fromkeys(level))
        seen.update(level)
        if not level:
            break
    return seen


def entry_pages(
    files: Sequence[Node], has_tools: Callable[[Node], bool], aliased: Aliases | None = None
) -> tuple[list[tuple[Node, list[Node]]], set[str]]:
    """Each entry that reaches a file with tools (HTML files first, each kind in path
    order), with the files of its page that have tools (the entry first when it is an
    HTML file, then in path order); and the real paths of the files with tools some page
    holds. `files`: in path order."""
    leads, forward, entries = _leads(files, has_tools, aliased)
    pages: list[tuple[Node, list[Node]]] = []
    held: set[str] = set()
    walked = 0
    for entry in entries:
        seen = {entry.real}
        level = [entry.real]
        for _ in range(MAX_DEPTH):
            following = []
            for current in level:
                for target in forward.get(current, ()):
                    if target in leads and target not in seen:
                        seen.add(target)
                        following.append(target)
            walked += len(following)
            level = following
            if not level or walked > MAX_WALK:
                break
        if walked > MAX_WALK:
            break  # the files not reached yet are on their project's page
        members = sorted((leads[r] for r in seen if has_tools(leads[r])), key=lambda f: f.path)
        if entry.html:
            members = [entry, *(m for m in members if m is not entry)]
        if any(has_tools(m) for m in members):
            pages.append((entry, members))
            held.update(m.real for m in members if has_tools(m))
    return _widest(pages, has_tools), held


def _leads(
    files: Sequence[Node], has_tools: Callable[[Node], bool], aliased: Aliases | None
) -> tuple[dict[str, Node], dict[str, tuple[str, ...]], list[Node]]:
    """The files that lead to a file with tools (by real path), what each of them loads
    or imports, and the entries among them (HTML files first, each kind in path order).
    Only such files can be on a page that matters: the graph is resolved for them
    alone, and let go before the pages are walked (its tables of every file of a tree
    were most of what the page pass added to dense-10x's peak)."""
    graph = Graph(files, aliased)
    tooled = [f.real for f in files if has_tools(f)]
    backward = graph.importers_of(tooled)  # asked a level of files at a time
    leads: set[str] = set()
    level = {
        f.real
        for f in files
        if has_tools(f) and (f.html or graph.forward(f.real) or backward[f.real])
    }
    while level:
        leads |= level
        backward.update(graph.importers_of([real for real in level if real not in backward]))
        level = {importer for real in level for importer in backward[real]} - leads
    forward = {real: graph.forward(real) for real in leads}
    # HTML entries first: of pages alike, the one an agent sees names the findings (not
    # an end-to-end test's entry).
    entries = [f for f in files if f.real in leads and not backward[f.real]]
    entries.sort(key=lambda f: not f.html)
    return {real: graph.by_real[real] for real in leads}, forward, entries


def _widest(
    pages: list[tuple[Node, list[Node]]], has_tools: Callable[[Node], bool]
) -> list[tuple[Node, list[Node]]]:
    """The pages whose files with tools are not all on another page (of two with the
    same files, the first)."""
    if len(pages) > MAX_PAGES:
        return pages
    sets = [frozenset(m.real for m in members if has_tools(m)) for _, members in pages]
    # A page's files can all be on another page only if that page holds the one of them
    # that fewest pages hold: it alone is compared with those (each page compared with
    # every other was most of dense-10x's page pass, 1,400 pages).
    holding: dict[str, list[int]] = {}
    for index, files in enumerate(sets):
        for real in files:
            holding.setdefault(real, []).append(index)
    kept = []
    for index, page in enumerate(pages):
        files = sets[index]
        others = min((holding[r] for r in files), key=len) if files else range(len(sets))
        inside = any(
            files < sets[other] or (files == sets[other] and other < index)
            for other in others
            if other != index
        )
        if not inside:
            kept.append(page)
    return kept
