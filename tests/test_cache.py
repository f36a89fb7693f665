"""The cache (webmcp_lint/run/cache.py): what makes an entry valid, where it lives, and that
it never changes what a run reports. Speed is measured in benchmarks/run.py, not here."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import REPO, command, run_cli
from webmcp_lint.config import Overrides, Resolver, forget_config_files
from webmcp_lint.run import cache as caching
from webmcp_lint.run import cache_entries, discover, engine, pipeline, pool
from webmcp_lint.run.cache import Cache

TOOL = 'document.modelContext.registerTool({ name: "a b", description: "Adds.", execute() {} });\n'
RENAMED = TOOL.replace('"a b"', '"c d"')
TS_TOOL = (
    'document.modelContext.registerTool({ name: "add", description: "Adds two numbers.", '
    "inputSchema: { type: 'object', properties: {} }, execute: async () => 'ok' });\n"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    (root / "tools.js").write_text(TOOL)
    (root / "plain.js").write_text("export const x = 1;\n")
    (root / "app.ts").write_text(TS_TOOL)
    (root / "tsconfig.json").write_text('{ "compilerOptions": { "strict": true } }\n')
    return root


@pytest.fixture
def linted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The display paths the engine lints (a hit lints nothing)."""
    calls: list[str] = []
    original = pool.lint_batch_task

    def counting(task: pipeline.Task) -> pipeline.FileResult:
        calls.append(task.display)
        return original(task)

    monkeypatch.setattr(pool, "lint_batch_task", counting)
    return calls


def tasks(root: Path, fingerprints: bool = False, **overrides: Any) -> list[pipeline.Task]:
    resolver = Resolver(Overrides(cwd=root, **overrides), None, root)
    return [
        pipeline.Task(path, discover.display_path(path, root), settings, fingerprints=fingerprints)
        for path, settings, _ in discover.discover([root], resolver, False)
    ]


def findings(results: list[pipeline.FileResult]) -> list[tuple[str, str, int, str]]:
    return [(d.path, d.rule, d.line, d.message) for r in results for d in r.diagnostics]


def run(root: Path, store: Cache, **overrides: Any) -> list[pipeline.FileResult]:
    cwd = Path.cwd()
    os.chdir(root)  # project facts read the working directory, as in a real run
    try:
        return caching.run(tasks(root, **overrides), 1, store)
    finally:
        os.chdir(cwd)


def forget_project_facts() -> None:
    from webmcp_lint.extract import project as facts

    for remembered in (
        facts.package_dependencies,
        facts.nearest_tsconfig,
        facts.loads_webmcp_types,
        facts.effective_options,
        facts.reference_in_sources,
        facts.read_jsonc,
    ):
        remembered.cache_clear()


def entry_files(directory: Path) -> list[Path]:
    return sorted((directory / "entries").glob("*/*.json"))


# -- hits and misses --------------------------------------------------------------------


def test_a_second_run_lints_nothing_and_reports_the_same(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    store = Cache.open(tmp_path / "cache")
    assert store is not None
    first = run(project, store)
    assert sorted(linted) == ["app.ts", "tools.js"]  # plain.js stops at the prefilter
    assert store.stored == 2 and len(entry_files(store.directory)) == 2
    assert {"tool-name-format", "tsconfig-webmcp-types"} <= {r for _, r, _, _ in findings(first)}
    linted.clear()
    again = Cache.open(tmp_path / "cache")
    assert again is not None
    second = run(project, again)
    assert linted == []
    assert (again.hits, again.misses, again.stored) == (2, 0, 0)
    assert second == first


def test_a_changed_file_is_linted_again_and_only_it(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    run(project, Cache(tmp_path / "cache"))
    (project / "tools.js").write_text(RENAMED)
    linted.clear()
    store = Cache(tmp_path / "cache")
    results = run(project, store)
    assert linted == ["tools.js"]
    assert (store.hits, store.misses) == (1, 1)
    messages = [m for _, rule, _, m in findings(results) if rule == "tool-name-format"]
    assert len(messages) == 1 and '"c d"' in messages[0]


@pytest.fixture
def screened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The display paths read to be screened; files may be remembered at once (no
    clock tick to wait for)."""
    calls: list[str] = []
    original = pipeline.screen

    def counting(task: pipeline.Task) -> pipeline.FileResult | bytes | None:
        calls.append(task.display)
        return original(task)

    monkeypatch.setattr(pipeline, "screen", counting)
    monkeypatch.setattr(caching, "RACY_SECONDS", 0.0)
    return calls


def page_leads(results: list[pipeline.FileResult]) -> dict[str, Any]:
    return {r.path: r.page for r in results if r.prefiltered}


def test_a_second_run_reads_no_unchanged_file_without_webmcp_words(
    project: Path, tmp_path: Path, screened: list[str]
) -> None:
    (project / "page.html").write_text('<script type="module" src="./main.js"></script>\n')
    (project / "main.js").write_text('import "./tools.js";\n')
    first = run(project, Cache(tmp_path / "cache"))
    assert sorted(screened) == ["app.ts", "main.js", "page.html", "plain.js", "tools.js"]
    screened.clear()
    second = run(project, Cache(tmp_path / "cache"))
    assert sorted(screened) == ["app.ts", "tools.js"]  # read for their key
    assert second == first
    # what the page pass needs of them (the module the page loads, what it imports)
    assert page_leads(second)["main.js"].imports == ("./tools.js",)
    assert page_leads(second)["page.html"].html


def test_a_file_changed_since_is_screened_again_even_with_its_old_times(
    project: Path, tmp_path: Path, screened: list[str]
) -> None:
    plain = project / "plain.js"
    run(project, Cache(tmp_path / "cache"))
    before = plain.stat()
    plain.write_text(TOOL[: len("export const x = 1;\n")])  # the same size
    os.utime(plain, ns=(before.st_atime_ns, before.st_mtime_ns))  # and modification time
    screened.clear()
    run(project, Cache(tmp_path / "cache"))
    assert "plain.js" in screened  # its change time gives it away


def test_a_file_changed_in_the_clock_tick_it_was_read_is_not_remembered(
    project: Path, tmp_path: Path, screened: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(caching, "RACY_SECONDS", 3600.0)  # every file here is that new
    run(project, Cache(tmp_path / "cache"))
    screened.clear()
    run(project, Cache(tmp_path / "cache"))
    assert "plain.js" in screened


def test_the_index_keeps_the_files_of_earlier_runs_up_to_its_limit(
    project: Path, tmp_path: Path, screened: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(caching, "MAX_SCREENED", 2)
    other = project / "other.js"
    other.write_text("export const y = 2;\n")
    run(project, Cache(tmp_path / "cache"))  # plain.js and other.js remembered
    other.write_text("export const y = 22;\n")
    cwd = Path.cwd()
    os.chdir(project)
    try:  # a run over other.js alone: plain.js, unseen, stays within the limit
        only = [task for task in tasks(project) if task.display == "other.js"]
        caching.run(only, 1, Cache(tmp_path / "cache"))
    finally:
        os.chdir(cwd)
    screened.clear()
    run(project, Cache(tmp_path / "cache"))
    assert sorted(screened) == ["app.ts", "tools.js"]


def test_an_index_over_its_byte_limit_keeps_this_runs_files_or_is_not_written(
    project: Path, tmp_path: Path, screened: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    other = project / "other.js"
    other.write_text("export const y = 2;\n")
    run(project, Cache(tmp_path / "cache"))  # plain.js and other.js remembered
    path = tmp_path / "cache" / caching.SCREENED_NAME
    both = len(path.read_bytes())
    monkeypatch.setattr(caching, "MAX_INDEX_BYTES", both - 1)
    other.write_text("export const y = 22;\n")
    cwd = Path.cwd()
    os.chdir(project)
    try:  # a run over other.js alone: with plain.js the index would be over the limit
        only = [task for task in tasks(project) if task.display == "other.js"]
        caching.run(only, 1, Cache(tmp_path / "cache"))
    finally:
        os.chdir(cwd)
    assert [record[0] for record in json.loads(path.read_text())["files"]] == [str(other)]
    monkeypatch.setattr(caching, "MAX_INDEX_BYTES", 10)
    other.write_text("export const y = 222;\n")
    before = path.read_bytes()
    run(project, Cache(tmp_path / "cache"))
    assert path.read_bytes() == before  # this run's files alone are over it: not written


@pytest.mark.skipif(os.name == "nt", reason="file names are Unicode on Windows")
def test_a_file_name_that_is_not_utf8_is_read_every_run(
    project: Path, tmp_path: Path, screened: list[str]
) -> None:
    """JSON cannot hold such a name (Python keeps its bytes as surrogates): the index
    leaves the file out, and keeps the others."""
    undecodable = os.fsdecode(b"odd\xff.js")
    try:
        (project / undecodable).write_text('import "./tools.js";\n')
    except (OSError, UnicodeError):
        pytest.skip("the file system takes no such name")
    first = run(project, Cache(tmp_path / "cache"))
    screened.clear()
    assert run(project, Cache(tmp_path / "cache")) == first
    assert sorted(screened) == sorted(["app.ts", "tools.js", undecodable])


@pytest.mark.skipif(os.name == "nt", reason="file names are Unicode on Windows")
def test_a_file_with_tools_and_a_name_that_is_not_utf8_is_linted_every_run(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    undecodable = os.fsdecode(b"odd\xff.js")
    try:
        (project / undecodable).write_text(TOOL)
    except (OSError, UnicodeError):
        pytest.skip("the file system takes no such name")
    first = run(project, Cache(tmp_path / "cache"))
    assert undecodable in {d.path for r in first for d in r.diagnostics}
    linted.clear()
    assert run(project, Cache(tmp_path / "cache")) == first
    assert linted == [undecodable]


def test_a_folder_swapped_for_a_link_to_it_gives_its_files_new_real_paths(
    project: Path, tmp_path: Path, screened: list[str]
) -> None:
    (project / "lib").mkdir()
    (project / "lib" / "leads.js").write_text('import "./tools.js";\n')

    def lint_lib() -> list[pipeline.FileResult]:
        cwd = Path.cwd()
        os.chdir(project)
        try:
            resolver = Resolver(Overrides(cwd=project), None, project)
            found = discover.discover_files([Path("lib")], resolver, False)
            lib = [pipeline.Task(Path(f.path), f.path, f.context, real=f.real) for f in found]
            store = Cache.open(tmp_path / "cache")
            assert store is not None
            return caching.run(lib, 1, store)
        finally:
            os.chdir(cwd)

    lint_lib()
    (project / "lib").rename(project / "moved")
    (project / "lib").symlink_to(project / "moved")  # its files keep their stat
    (result,) = lint_lib()
    assert result.page is not None and result.page.real == str(project / "moved" / "leads.js")


@pytest.mark.parametrize(
    "index",
    [
        "not json",
        '{"key": "another version", "files": []}',
        "[]",
        '{"key": KEY, "files": {PATH: [SIGNATURE, false, null]}}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, "yes"]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE]]}',
        '{"key": KEY, "files": [[PATH, [VALUES, 1], false]]}',
        '{"key": KEY, "files": [[PATH, [VALUES, true], false]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, null, 1]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, "r"]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, ["r", true, [[1]], []]]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, ["r", true]]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, ["r", "yes", [], []]]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, ["r", false, [], "./a.js"]]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, ["r", false, [], ["./a.js", 2]]]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, [1, false, [], []]]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, ["r", true, ["/a.js"], []]]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false, ["r", true, [], [], 1]]]}',
        '{"key": KEY, "files": [[PATH, SIGNATURE, false], [PATH, SIGNATURE, 1]]}',
    ],
)
def test_a_corrupt_or_foreign_index_is_read_as_empty(
    project: Path, tmp_path: Path, screened: list[str], index: str
) -> None:
    first = run(project, Cache(tmp_path / "cache"))
    path = tmp_path / "cache" / caching.SCREENED_NAME
    written = json.loads(path.read_text())
    where = str(project / "plain.js")
    (record,) = [record for record in written["files"] if record[0] == where]
    signature = json.dumps(record[1])
    index = index.replace("KEY", json.dumps(written["key"])).replace("PATH", json.dumps(where))
    path.write_text(index.replace("SIGNATURE", signature).replace("VALUES", signature[1:-1]))
    screened.clear()
    assert run(project, Cache(tmp_path / "cache")) == first
    assert "plain.js" in screened


def test_a_well_formed_index_of_another_run_is_used(
    project: Path, tmp_path: Path, screened: list[str]
) -> None:
    """The check above does not reject what the index writes: its record, alone, answers."""
    run(project, Cache(tmp_path / "cache"))
    path = tmp_path / "cache" / caching.SCREENED_NAME
    written = json.loads(path.read_text())
    where = str(project / "plain.js")
    (record,) = [record for record in written["files"] if record[0] == where]
    path.write_text(json.dumps({"key": written["key"], "files": [record]}))
    screened.clear()
    run(project, Cache(tmp_path / "cache"))
    assert "plain.js" not in screened


def test_settings_that_change_findings_are_in_the_key(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    run(project, Cache(tmp_path / "cache"))
    linted.clear()
    results = run(project, Cache(tmp_path / "cache"), ignore=("tool-name-format",))
    assert sorted(linted) == ["app.ts", "tools.js"]
    assert "tool-name-format" not in {rule for _, rule, _, _ in findings(results)}

    # A configuration file's option is a setting too.
    (project / "webmcp-lint.toml").write_text('[severity]\n"tool-name-format" = "info"\n')
    forget_config_files()  # each run is a new process
    linted.clear()
    results = run(project, Cache(tmp_path / "cache"))
    assert sorted(linted) == ["app.ts", "tools.js"]
    assert [d.severity for r in results for d in r.diagnostics if d.rule == "tool-name-format"] == [
        "info"
    ]


def test_settings_that_only_choose_files_or_the_exit_code_keep_the_entries(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    run(project, Cache(tmp_path / "cache"))
    linted.clear()
    run(project, Cache(tmp_path / "cache"), fail_on="error", extend_exclude=("vendor/",))
    assert linted == []


def test_sarif_line_hashes_are_in_the_key(project: Path, tmp_path: Path) -> None:
    store = Cache(tmp_path / "cache")
    plain = caching.run(tasks(project), 1, store)
    hashed = caching.run(tasks(project, fingerprints=True), 1, store)
    assert store.hits == 0
    assert all(d.fingerprint is None for r in plain for d in r.diagnostics)
    assert all(d.fingerprint for r in hashed for d in r.diagnostics)


def test_another_tool_version_misses(
    project: Path, tmp_path: Path, linted: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    run(project, Cache(tmp_path / "cache"))
    monkeypatch.setattr(caching, "tool_fingerprint", lambda: "another build")
    linted.clear()
    run(project, Cache(tmp_path / "cache"))
    assert sorted(linted) == ["app.ts", "tools.js"]


def test_the_tool_fingerprint_covers_code_pages_and_word_lists(tmp_path: Path) -> None:
    package = tmp_path / "package"
    (package / "checks").mkdir(parents=True)
    (package / "checks" / "rule.py").write_text("X = 1\n")
    (package / "rules").mkdir()
    (package / "rules" / "rule.md").write_text("---\nseverity: error\n---\n")
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "rule.pyc").write_bytes(b"compiled")
    before = caching.fingerprint_of(["0.1.0"], [package])
    (package / "__pycache__" / "rule.pyc").write_bytes(b"compiled again")
    assert caching.fingerprint_of(["0.1.0"], [package]) == before
    for changed in (package / "checks" / "rule.py", package / "rules" / "rule.md"):
        original, status = changed.read_bytes(), changed.stat()
        changed.write_bytes(original + b"\n")
        assert caching.fingerprint_of(["0.1.0"], [package]) != before, changed
        changed.write_bytes(original)
        os.utime(changed, ns=(status.st_atime_ns, status.st_mtime_ns + 1))  # saved again
        assert caching.fingerprint_of(["0.1.0"], [package]) != before, changed
        os.utime(changed, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert caching.fingerprint_of(["0.1.0"], [package]) == before
    assert caching.fingerprint_of(["0.1.1"], [package]) != before
    assert len(caching.tool_fingerprint()) == 32


def test_a_changed_tsconfig_changes_the_findings_of_a_cached_file(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    first = run(project, Cache(tmp_path / "cache"))
    assert "tsconfig-webmcp-types" in {rule for _, rule, _, _ in findings(first)}, findings(first)
    (project / "tsconfig.json").write_text('{ "compilerOptions": { "types": ["webmcp-types"] } }')
    linted.clear()
    forget_project_facts()  # each run is a new process
    second = run(project, Cache(tmp_path / "cache"))
    assert linted == ["app.ts"]
    assert "tsconfig-webmcp-types" not in {rule for _, rule, _, _ in findings(second)}


def test_a_result_is_valid_only_while_its_dependencies_are_unchanged(
    project: Path, tmp_path: Path, linted: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`FileResult.dependencies` (cross-file resolution) are hashed into the entry."""
    helper = project / "helper.js"
    helper.write_text("export const name = 'a b';\n")
    counting = pool.lint_batch_task

    def depending(task: pipeline.Task) -> pipeline.FileResult:
        result = counting(task)
        if task.display == "tools.js":
            result.dependencies = (str(helper),)  # type: ignore[attr-defined]
        return result

    monkeypatch.setattr(pool, "lint_batch_task", depending)
    run(project, Cache(tmp_path / "cache"))
    entry = json.loads(
        next(p for p in entry_files(tmp_path / "cache") if "helper.js" in p.read_text()).read_text()
    )
    assert entry["dependencies"] == [[str(helper), caching.content_digest(helper.read_bytes())]]

    linted.clear()
    hit = run(project, Cache(tmp_path / "cache"))
    assert linted == []
    assert next(r for r in hit if r.path == "tools.js").dependencies == (str(helper),)  # type: ignore[attr-defined]

    helper.write_text("export const name = 'a_b';\n")
    run(project, Cache(tmp_path / "cache"))
    assert linted == ["tools.js"]

    linted.clear()
    helper.unlink()
    run(project, Cache(tmp_path / "cache"))
    assert linted == ["tools.js"]


def test_a_result_that_depends_on_the_process_is_not_kept(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = pool.lint_batch_task

    def timing_out(task: pipeline.Task) -> pipeline.FileResult:
        result = original(task)
        result.cacheable = task.display != "tools.js"
        return result

    monkeypatch.setattr(pool, "lint_batch_task", timing_out)
    store = Cache(tmp_path / "cache")
    run(project, store)
    assert store.stored == 1
    assert "tools.js" not in "".join(p.read_text() for p in entry_files(store.directory))


# -- entries ----------------------------------------------------------------------------


def test_every_finding_on_the_examples_survives_an_entry(tmp_path: Path) -> None:
    results = engine.run(tasks(REPO / "examples", fingerprints=True), 1)
    diagnostics = [d for r in results for d in r.diagnostics]
    assert any(d.fix for d in diagnostics) and any(d.related for d in diagnostics)
    timed_out = [r for r in results if any(d.rule == "source-timeout" for d in r.diagnostics)]
    assert timed_out and all(r.cacheable for r in timed_out)  # over a processor-time budget
    for result in results:
        encoded = json.loads(json.dumps(cache_entries.encode_result(result)))
        assert cache_entries.decode_result(encoded) == result


CORRUPT: list[bytes] = [
    b"",
    b"{",
    b"\xff\xfe not json",
    b"[]",
    b'{"key": "someone else\'s"}',
    b"null",
    b"[" * 100_000,
]


def test_a_corrupt_or_foreign_entry_is_a_miss(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    expected = findings(run(project, Cache(tmp_path / "cache")))
    for index, garbage in enumerate(CORRUPT):
        for entry in entry_files(tmp_path / "cache"):
            entry.write_bytes(garbage)
        linted.clear()
        store = Cache(tmp_path / "cache")
        assert findings(run(project, store)) == expected, garbage[:20]
        assert sorted(linted) == ["app.ts", "tools.js"], index
        assert store.stored == 2  # written again, whole


def test_an_entry_of_our_key_with_wrong_contents_is_a_miss(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    expected = findings(run(project, Cache(tmp_path / "cache")))
    breakages = [
        lambda e: e["result"].pop("diagnostics"),
        lambda e: e["result"]["diagnostics"][0].update(rule="no-such-rule"),
        lambda e: e["result"]["diagnostics"][0].update(location=[1, "x", 1, 2]),
        lambda e: e["result"]["diagnostics"][0].update(severity="fatal"),
        lambda e: e["result"].update(read="yes"),
        lambda e: e.update(dependencies=[["x"]]),
        lambda e: e["result"].update(project={"tsconfig": [1, 2, 3], "dependencies": []}),
    ]
    for index, breakage in enumerate(breakages):
        for path in entry_files(tmp_path / "cache"):
            entry = json.loads(path.read_text())
            if entry["result"]["diagnostics"]:
                breakage(entry)
            path.write_text(json.dumps(entry))
        linted.clear()
        assert findings(run(project, Cache(tmp_path / "cache"))) == expected, index
        assert linted, index


def test_a_directory_or_fifo_in_place_of_an_entry_is_a_miss(
    project: Path, tmp_path: Path, linted: list[str]
) -> None:
    expected = findings(run(project, Cache(tmp_path / "cache")))
    first, second = entry_files(tmp_path / "cache")
    first.unlink()
    first.mkdir()
    second.unlink()
    os.mkfifo(second)  # reading it would block: it is never opened
    linted.clear()
    assert findings(run(project, Cache(tmp_path / "cache"))) == expected
    assert sorted(linted) == ["app.ts", "tools.js"]


def test_concurrent_writers_leave_whole_entries(tmp_path: Path) -> None:
    store = Cache(tmp_path / "cache")
    entries = [{"result": {"n": n, "padding": "x" * 50_000}} for n in range(4)]
    seen: list[Any] = []
    failures: list[BaseException] = []

    def hammer(entry: dict[str, Any]) -> None:
        try:
            for _ in range(40):
                store.store("ab" * 20, entry)
                seen.append(store.load("ab" * 20))
        except BaseException as error:  # pragma: no cover - reported below
            failures.append(error)

    threads = [threading.Thread(target=hammer, args=(entry,)) for entry in entries]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    valid = [{"key": "ab" * 20, **entry} for entry in entries]
    assert seen and all(found in valid for found in seen)
    assert [p.name for p in (tmp_path / "cache" / "entries" / "ab").iterdir()] == [
        f"{'ab' * 20}.json"
    ]


def test_the_cache_is_bounded_and_drops_the_oldest_first(tmp_path: Path) -> None:
    store = Cache(tmp_path / "cache", max_bytes=10_000)
    for number in range(20):
        key = f"{number:02x}" * 20
        store.store(key, {"result": {"padding": "x" * 1000}})
        os.utime(store.path_of(key), (1_000_000 + number, 1_000_000 + number))
    store.prune()
    kept = entry_files(tmp_path / "cache")
    assert sum(p.stat().st_size for p in kept) <= 10_000
    assert len(kept) >= 8
    assert sorted(p.stem for p in kept) == [f"{n:02x}" * 20 for n in range(20 - len(kept), 20)]


def test_pruning_removes_only_entries(tmp_path: Path) -> None:
    store = Cache(tmp_path / "cache", max_bytes=0)
    store.store("ef" * 20, {"result": {}})
    foreign = [
        tmp_path / "cache" / "entries" / "ef" / "notes.txt",
        tmp_path / "cache" / "entries" / "zz" / ("ef" * 20 + ".json"),
        tmp_path / "cache" / "entries" / "README",
    ]
    for path in foreign:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("not ours")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / ("01" * 20 + ".json")).write_text("not ours either")
    os.symlink(elsewhere, tmp_path / "cache" / "entries" / "01")
    store.prune()
    assert not store.path_of("ef" * 20).exists()
    assert all(path.read_text() == "not ours" for path in foreign)
    assert (elsewhere / ("01" * 20 + ".json")).exists()


def test_a_cache_directory_that_is_a_link_is_not_used(project: Path, tmp_path: Path) -> None:
    """A link checked in with the code may lead anywhere: no entry is written through it."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.symlink(elsewhere, project / ".webmcp-lint-cache")
    assert Cache.open(project / ".webmcp-lint-cache") is None
    assert cli("check", ".", cwd=project).returncode == 1
    assert list(elsewhere.iterdir()) == []

    store = Cache.open(tmp_path / "cache")
    assert store is not None
    (tmp_path / "cache" / "entries").mkdir()
    bucket_key = "12" * 20
    os.symlink(elsewhere, tmp_path / "cache" / "entries" / "12")
    store.store(bucket_key, {"result": {}})
    assert list(elsewhere.iterdir()) == [] and store.stored == 0


def test_a_hit_marks_an_old_entry_as_used(tmp_path: Path) -> None:
    store = Cache(tmp_path / "cache")
    store.store("cd" * 20, {"result": {}})
    os.utime(store.path_of("cd" * 20), (1_000_000, 1_000_000))
    assert store.load("cd" * 20) is not None
    assert store.path_of("cd" * 20).stat().st_mtime > 1_000_000


def test_a_cache_that_cannot_be_made_or_written_is_no_cache(project: Path, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    assert Cache.open(blocker / "cache") is None

    # An existing cache whose entries cannot be written: the run is the same.
    store = Cache.open(tmp_path / "cache")
    assert store is not None
    (tmp_path / "cache" / "entries").write_text("not a directory")
    results = run(project, store)
    assert not store.writable and store.stored == 0
    assert "tool-name-format" in {rule for _, rule, _, _ in findings(results)}


def test_a_read_only_place_for_the_cache_changes_nothing_on_the_command_line(
    project: Path, tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    uncached = cli("check", "--no-cache", ".", cwd=project)
    unmakeable = cli("check", "--cache-dir", blocker / "cache", ".", cwd=project)
    assert (unmakeable.returncode, unmakeable.stdout, unmakeable.stderr) == (
        uncached.returncode,
        uncached.stdout,
        uncached.stderr,
    )
    assert uncached.returncode == 1 and not uncached.stderr


# -- the command line -------------------------------------------------------------------


def cli(*args: str | Path, cwd: Path, env: dict[str, str] | None = None) -> Any:
    return run_cli(*args, cwd=cwd, env={"WEBMCP_LINT_NO_CACHE": "", **(env or {})})


@pytest.mark.parametrize("output_format", ["json", "sarif"])
def test_output_is_byte_identical_with_and_without_the_cache(
    tmp_path: Path, output_format: str
) -> None:
    args = ("check", "--output-format", output_format, "examples/")
    uncached = cli(*args, "--no-cache", cwd=REPO)
    cold = cli(*args, "--cache-dir", tmp_path / "cache", cwd=REPO)
    warm = cli(*args, "--cache-dir", tmp_path / "cache", cwd=REPO)
    assert uncached.returncode == cold.returncode == warm.returncode == 1
    assert entry_files(tmp_path / "cache")
    assert cold.stdout == uncached.stdout
    assert warm.stdout == uncached.stdout
    assert warm.stderr == uncached.stderr


def test_imports_are_followed_with_the_cache_as_without_it(tmp_path: Path) -> None:
    """A file linted on a cache miss follows its imports like any other: tools written in
    another module are found, cold and warm."""
    app = REPO / "tests" / "corpus" / "resolution-app"
    args = ("check", "--output-format", "json", ".")
    uncached = cli(*args, "--no-cache", cwd=app)
    assert len(json.loads(uncached.stdout)) > 10  # most findings are on imported tools
    cold = cli(*args, "--cache-dir", tmp_path / "cache", cwd=app)
    warm = cli(*args, "--cache-dir", tmp_path / "cache", cwd=app)
    assert cold.stdout == uncached.stdout
    assert warm.stdout == uncached.stdout


def test_tools_uses_the_cache_and_lists_the_same_tools(tmp_path: Path) -> None:
    """`tools` reads the cache as `check` does (its own entries: a result that collects
    tools is kept apart from one that does not), and prints the same manifest cold,
    warm and without it."""
    app = REPO / "tests" / "corpus" / "resolution-app"
    cache = tmp_path / "cache"
    uncached = cli("tools", "--no-cache", cwd=app)
    cold = cli("tools", "--cache-dir", cache, cwd=app)
    stored = set(entry_files(cache))
    assert stored
    checked = cli("check", "--output-format", "json", "--cache-dir", cache, ".", cwd=app)
    assert checked.returncode == 1
    assert set(entry_files(cache)) > stored  # check keeps entries of its own
    for path in stored:  # a planted description shows that the warm run read the cache
        entry = json.loads(path.read_text())
        for tool in entry["result"]["tools"]:
            tool["description"] = "PLANTED"
        path.write_text(json.dumps(entry))
    warm = cli("tools", "--cache-dir", cache, cwd=app)
    assert uncached.returncode == cold.returncode == warm.returncode == 0
    assert cold.stdout == uncached.stdout and cold.stderr == uncached.stderr
    assert json.loads(uncached.stdout) and "PLANTED" not in uncached.stdout
    assert "PLANTED" in warm.stdout
    assert "PLANTED" not in cli("tools", "--no-cache", "--cache-dir", cache, cwd=app).stdout
    assert "PLANTED" not in cli("tools", cwd=app, env={"WEBMCP_LINT_NO_CACHE": "1"}).stdout
    contract = cli("tools", "--check", tmp_path / "none.json", cwd=app)
    assert contract.returncode == 2  # a manifest that is not there: a usage error still


def test_the_default_cache_is_beside_the_configuration(project: Path) -> None:
    (project / "pyproject.toml").write_text("[tool.webmcp-lint]\nignore = []\n")
    (project / "src").mkdir()
    (project / "src" / "more.js").write_text(TOOL)
    result = cli("check", ".", cwd=project / "src")
    assert result.returncode == 1, result.stderr
    made = project / ".webmcp-lint-cache"
    assert (made / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (made / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f")
    assert len(entry_files(made)) == 1
    assert not (project / "src" / ".webmcp-lint-cache").exists()
    git = subprocess.run(
        ["git", "status", "--porcelain", "--ignored"], cwd=project, capture_output=True
    )
    if git.returncode == 0:  # the cache's .gitignore keeps it out of git
        assert b".webmcp-lint-cache" not in git.stdout


def test_cache_dir_in_the_configuration_and_on_the_command_line(project: Path) -> None:
    (project / "webmcp-lint.toml").write_text('cache-dir = "var/lint-cache"\n')
    cli("check", ".", cwd=project)
    assert entry_files(project / "var" / "lint-cache")
    assert not (project / ".webmcp-lint-cache").exists()
    cli("check", "--cache-dir", "elsewhere", ".", cwd=project)
    assert entry_files(project / "elsewhere")
    # Configuration comes with the code: it may not send the cache out of its directory.
    for value in ("3", '"../outside"', '"sub/../../outside"', f'"{project.parent / "x"}"'):
        (project / "webmcp-lint.toml").write_text(f"cache-dir = {value}\n")
        broken = cli("check", ".", cwd=project)
        assert broken.returncode == 2 and "cache-dir" in broken.stderr, value
    assert not (project.parent / "outside").exists() and not (project.parent / "x").exists()


def test_no_cache_neither_reads_nor_writes(project: Path) -> None:
    cli("check", ".", cwd=project)
    entries = entry_files(project / ".webmcp-lint-cache")
    for path in entries:  # a planted message shows which runs read the cache
        entry = json.loads(path.read_text())
        for diagnostic in entry["result"]["diagnostics"]:
            diagnostic["message"] = "PLANTED"
        path.write_text(json.dumps(entry))
    assert "PLANTED" in cli("check", ".", cwd=project).stdout
    for way in (["--no-cache"], []):
        env = {} if way else {"WEBMCP_LINT_NO_CACHE": "1"}
        assert "PLANTED" not in cli("check", *way, ".", cwd=project, env=env).stdout
    other = project / "fresh"
    cli("check", "--no-cache", "--cache-dir", other, ".", cwd=project)
    assert not other.exists()


@pytest.mark.parametrize(
    "args",
    [["--fix", "."], ["--diff", "."], ["-"], ["--stdin-filename", "x.js", "-"]],
)
def test_stdin_and_fixes_bypass_the_cache(project: Path, args: list[str]) -> None:
    result = subprocess.run(
        [*command(), "check", *args],
        cwd=project,
        input=TOOL,
        capture_output=True,
        text=True,
        env={**os.environ, "WEBMCP_LINT_NO_CACHE": ""},
        timeout=120,
    )
    assert result.returncode in (0, 1), result.stderr
    assert not (project / ".webmcp-lint-cache").exists()


def test_concurrent_runs_agree(project: Path) -> None:
    for number in range(12):
        (project / f"tool{number}.js").write_text(TOOL.replace("a b", f"a b{number}"))
    expected = cli("check", "--output-format", "json", "--no-cache", ".", cwd=project).stdout
    env = {**os.environ, "WEBMCP_LINT_NO_CACHE": "", "NO_COLOR": "1"}
    runs = [
        subprocess.Popen(
            [*command(), "check", "--output-format", "json", "."],
            cwd=project,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(3)
    ]
    outputs = [process.communicate(timeout=120) for process in runs]
    assert [out for out, _ in outputs] == [expected] * 3
    assert [err for _, err in outputs] == [""] * 3
    directory = project / ".webmcp-lint-cache"
    assert len(entry_files(directory)) == 14
    assert not [p for p in (directory / "entries").rglob("*") if p.suffix == ".tmp"]
    assert cli("check", "--output-format", "json", ".", cwd=project).stdout == expected


def test_the_page_key_covers_every_page_fact_and_not_a_sets_order() -> None:
    from msgspec.structs import replace

    from webmcp_lint.checks.page_tools import Anchor, PageTool
    from webmcp_lint.run import page_pass

    anchor = Anchor(1, 1, 1, 9, ("x",), 0, 0, None, frozenset({"a-rule", "b-rule"}), ())
    tool = PageTool("a.js", 0, "add", "Adds.", "imperative", anchor, None, None)
    file = page_pass.PageFile(
        "a.js", "/p/a.js", (tool,), False, (), "/p", "./", {"r": (None, {"n": 1})}, ("./b",)
    )
    plain = page_pass.without_tools("b.js", "b.js", False, (), ("./a.js",), "/p/b.js")
    key = caching._page_key([file, plain], [], {})
    reordered = replace(anchor, suppressed=frozenset(["b-rule", "a-rule"]))
    assert (
        caching._page_key([replace(file, tools=(replace(tool, at=reordered),)), plain], [], {})
        == key
    )
    changed = [
        replace(file, tools=(replace(tool, description="Adds two."),)),
        replace(file, tools=(replace(tool, at=replace(anchor, suppressed=frozenset())),)),
        replace(file, rules={"r": (None, {"n": 2})}),
        replace(file, project_shown="app/"),
    ]
    for other in changed:
        assert caching._page_key([other, plain], [], {}) != key
    for field, value in [
        ("path", "c.js"),
        ("real", "/p/c.js"),
        ("html", True),
        ("scripts", (("/p/a.js",),)),
        ("imports", ("./c.js",)),
        ("imports", ()),
        ("project", "/q"),
    ]:
        assert caching._page_key([file, replace(plain, **{field: value})], [], {}) != key
    assert caching._page_key([file, plain], [], {("/p", "@/a"): "/p/a.js"}) != key
    assert caching._page_key([file, plain], [], {("/p", "@/a"): None}) != key
    # Equal facts in other objects (as a new process reads them): the same key.
    copied = page_pass.without_tools(
        "".join("b.js"), "b.js", False, (), ("./a" + ".js",), "/p/" + "b.js"
    )
    assert caching._page_key([file, copied], [], {}) == key
    # A file as the index's lead (a cached run) or as a result: the same key, in any order.
    lead = caching.Lead("b.js", "/p/b.js", False, (), ("./a.js",))
    assert caching._page_key([file], [lead], {}) == key
    assert caching._page_key([plain, file], [], {}) == key
    assert caching._page_key([file], [lead._replace(imports=("./c.js",))], {}) != key
    # A path that is not UTF-8 (kept as surrogates) is described all the same.
    undecodable = caching._page_key([file, replace(plain, path="b\udcff.js")], [], {})
    assert undecodable not in (key, caching._page_key([file, plain], [], {("/", "b"): None}))
    assert caching._page_key([file, replace(plain, path="b\udcff.js")], [], {}) == undecodable


# -- files the index answers, kept as their records ----------------------------------------


def check_in_process(root: Path, *args: str | Path) -> tuple[int, str]:
    """`check` in this process, so that its reads can be counted."""
    from click.testing import CliRunner

    from webmcp_lint.cli import main

    cwd = Path.cwd()
    os.chdir(root)
    try:
        result = CliRunner(env={"WEBMCP_LINT_NO_CACHE": ""}).invoke(
            main, ["check", *map(str, args)], catch_exceptions=False
        )
    finally:
        os.chdir(cwd)
    return result.exit_code, result.stdout


@pytest.mark.parametrize("output_format", ["json", "text", "sarif"])
def test_files_the_index_answers_are_reported_as_when_read(
    project: Path, tmp_path: Path, screened: list[str], output_format: str
) -> None:
    """A second run makes no task or result for an unchanged file without WebMCP words
    (`Unchanged`): its count in the summary, the pages it leads to and every finding
    are the same as when it was read."""
    (project / "page.html").write_text('<script type="module" src="./main.js"></script>\n')
    (project / "main.js").write_text('import "./tools.js";\nimport "./more.js";\n')
    (project / "more.js").write_text(TOOL.replace('"a b"', '"a c"'))
    (project / "dist").mkdir()
    args = ("--output-format", output_format, ".")
    expected = check_in_process(project, "--no-cache", *args)
    assert "dist" not in expected[1]
    first = check_in_process(project, "--cache-dir", tmp_path / "cache", *args)
    screened.clear()
    second = check_in_process(project, "--cache-dir", tmp_path / "cache", *args)
    assert sorted(screened) == ["app.ts", "more.js", "tools.js"]  # the others: answered
    assert first == second == expected
    if output_format == "text":
        assert "3 files without WebMCP code skipped" in expected[1]


HOOKED = {
    "src/context.ts": "export function getModelContext() {\n"
    '  if (typeof document === "undefined") return null;\n'
    "  return document.modelContext ?? null;\n}\n",
    "src/useTool.ts": 'import { getModelContext } from "./context";\n'
    "export function useTool(tool) {\n  getModelContext()?.registerTool(tool);\n}\n",
    # no WebMCP word here: it is found by the hook's name
    "src/Cart.tsx": 'import { useTool } from "./useTool";\n'
    'export function Cart() {\n  useTool({ name: "clear cart", description: "Empty.", '
    "execute: async () => ({}) });\n  return null;\n}\n",
}
HANDED = {
    # no WebMCP word here: the tool it writes is registered in app.js
    "src/Cart.tsx": 'export const clear = { name: "clear cart", description: "Empty.", '
    "execute: async () => ({}) };\n",
    "src/app.js": 'import { clear } from "./Cart.tsx";\n'
    "document.modelContext?.registerTool(clear);\n",
}


@pytest.mark.parametrize("files", [HOOKED, HANDED], ids=["caller", "handed"])
def test_a_file_the_index_answers_is_linted_again_when_another_hands_it_tools(
    tmp_path: Path, screened: list[str], files: dict[str, str]
) -> None:
    """The link pass reads every file without WebMCP words for the names of registering
    functions, and lints again the files that write tools others register: when a run
    has either, the files the index answered become tasks again."""
    root = tmp_path / "app"
    (root / "src").mkdir(parents=True)
    (root / ".git").mkdir()
    for name, text in files.items():
        (root / name).write_text(text)
    args = ("--output-format", "json", ".")
    expected = check_in_process(root, "--no-cache", *args)
    assert '"path": "src/Cart.tsx"' in expected[1]
    first = check_in_process(root, "--cache-dir", tmp_path / "cache", *args)
    screened.clear()
    second = check_in_process(root, "--cache-dir", tmp_path / "cache", *args)
    assert "src/Cart.tsx" not in screened  # answered by the index, then linted again
    assert first == second == expected


def test_what_the_lookups_make_goes_to_the_oldest_generation_unwalked() -> None:
    import gc

    assert gc.isenabled()
    with caching._lookups():
        assert not gc.isenabled()
        made = [[index] for index in range(1000)]
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0  # nothing stays frozen
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert id(made) in oldest and all(id(item) in oldest for item in made)
    frozen = [[index] for index in range(10)]
    gc.freeze()  # what another froze
    try:
        with caching._lookups():
            pass
        assert gc.get_freeze_count() >= len(frozen)
    finally:
        gc.unfreeze()
