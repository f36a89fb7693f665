"""The documentation: the README, the site of `docs/` and the rule pages it includes.

The site builds with MkDocs with warnings as errors (a broken link or anchor between its
pages, a page left out of the navigation, a rule page it cannot read), offline. Every
relative link of the Markdown files, as GitHub renders them, names a file that exists
and a heading of it; the README's links into the site also land on a page and an anchor
of the built site. What the README and the home page show is what webmcp-lint prints.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.helpers import REPO, run_cli

DOCS = REPO / "docs"
README = REPO / "README.md"
# The Markdown a reader follows links in: the README, the site's pages, the rule pages
# the site includes, and the documents they link to.
MARKDOWN = sorted(
    [
        README,
        REPO / "design.md",
        REPO / "SECURITY.md",
        *DOCS.glob("**/*.md"),
        *(REPO / "rules").glob("*.md"),
    ]
)

FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+).*?(?<!`)\1(?!`)", re.S)
LINK = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def outside_fences(text: str) -> str:
    """The text with the lines of fenced code blocks blanked out (lines kept)."""
    lines, fence = [], None
    for line in text.splitlines():
        opened = FENCE.match(line)
        if fence is None and opened:
            fence = opened.group(1)
            lines.append("")
        elif fence is not None:
            if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
            lines.append("")
        else:
            lines.append(line)
    return "\n".join(lines)


def prose(text: str) -> str:
    """The text outside fenced code blocks and code spans (blanked out, lines kept)."""
    return CODE_SPAN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), outside_fences(text))


def front_matter_removed(text: str) -> str:
    if text.startswith("---\n"):
        end = text.index("\n---\n", 4)
        return "\n" * text[: end + 5].count("\n") + text[end + 5 :]
    return text


def github_anchors(path: Path) -> set[str]:
    """The anchors GitHub gives the headings of a Markdown file."""
    anchors: set[str] = set()
    seen: dict[str, int] = {}
    text = outside_fences(front_matter_removed(path.read_text(encoding="utf-8")))
    for line in text.splitlines():
        match = HEADING.match(line)
        if match:
            slug = github_slug(match.group(2))
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def github_slug(heading: str) -> str:
    """GitHub's anchor of a heading: its text, lower case, without punctuation."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text
    text = text.replace("`", "").replace("*", "")
    text = "".join(c for c in text.lower() if c in " -_" or unicodedata.category(c)[0] in "LN")
    return text.replace(" ", "-")


def links(path: Path) -> list[tuple[int, str]]:
    text = prose(front_matter_removed(path.read_text(encoding="utf-8")))
    return [(text.count("\n", 0, m.start()) + 1, m.group(1)) for m in LINK.finditer(text)]


def relative_links(path: Path) -> list[tuple[int, str]]:
    return [
        (line, target)
        for line, target in links(path)
        if not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I)  # https:, mailto:, ...
    ]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as CI builds it: `mkdocs build --strict`, no network needed."""
    assert importlib.util.find_spec("material"), "MkDocs Material: run the README's test command"
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # Material's notice about MkDocs 2
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "WARNING" not in result.stderr, result.stderr
    return out


def test_the_site_builds_with_warnings_as_errors(site: Path) -> None:
    assert (site / "index.html").is_file()
    pages = {p.relative_to(DOCS).with_suffix("").as_posix() for p in DOCS.glob("**/*.md")}
    for page in pages:
        built = site / ("index.html" if page == "index" else f"{page}/index.html")
        assert built.is_file(), page
    assert not (site / "hooks.py").exists()


def test_every_rule_page_is_in_the_site_from_rules(site: Path) -> None:
    index = (site / "rules" / "index.html").read_text(encoding="utf-8")
    for page in sorted((REPO / "rules").glob("*.md")):
        built = site / "rules" / page.stem / "index.html"
        assert built.is_file(), page.name
        html = built.read_text(encoding="utf-8")
        assert f'id="{page.stem}"' in html  # the page's own heading, not a copy's
        assert f'href="{page.stem}/"' in index, f"the rules table lacks {page.stem}"
    # An example's fence options are its code block's title, not lost text.
    example = (site / "rules" / "tool-name-format" / "index.html").read_text(encoding="utf-8")
    assert "Bad · Chromium: error InvalidStateError: Invalid tool name" in example
    assert "```" not in example


def test_relative_links_resolve_on_github() -> None:
    """Every relative link names a file of the repository, and an anchor names a heading."""
    broken = []
    for path in MARKDOWN:
        for line, target in relative_links(path):
            where = f"{path.relative_to(REPO)}:{line}: {target}"
            file, _, anchor = unquote(target).partition("#")
            resolved = (path.parent / file).resolve() if file else path
            if not resolved.exists():
                broken.append(f"{where}: no such file")
            elif REPO not in resolved.parents and resolved != REPO:
                broken.append(f"{where}: outside the repository")
            elif anchor and resolved.suffix == ".md" and anchor not in github_anchors(resolved):
                broken.append(f"{where}: no heading #{anchor}")
    assert broken == []


def test_the_readme_links_into_the_site_land_on_a_page_and_anchor(site: Path) -> None:
    into_docs = 0
    for _, target in relative_links(README):
        file, _, anchor = target.partition("#")
        resolved = (REPO / file).resolve()
        if DOCS not in resolved.parents:
            continue
        into_docs += 1
        page = resolved.relative_to(DOCS).with_suffix("").as_posix()
        built = site / ("index.html" if page == "index" else f"{page}/index.html")
        assert built.is_file(), target
        if anchor:
            assert f'id="{anchor}"' in built.read_text(encoding="utf-8"), target
    assert into_docs >= 10


def test_every_page_of_docs_is_linked_from_the_readme() -> None:
    linked = {(REPO / target.partition("#")[0]).resolve() for _, target in relative_links(README)}
    assert sorted(p.name for p in DOCS.glob("*.md") if p not in linked) == []


def test_the_readme_stays_short() -> None:
    """A newcomer reads it from the door: two commands and a rule table, the rest in docs/."""
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 300


def section(text: str, heading: str) -> str:
    start = text.index(f"\n{heading}\n") + len(heading) + 2
    end = text.find("\n## ", start)
    return text[start : end if end > 0 else len(text)].strip()


def test_getting_started_holds_the_readmes_quick_start() -> None:
    quick_start = section(README.read_text(encoding="utf-8"), "## Quick start")
    page = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    assert page.startswith("# Getting started\n\n" + quick_start + "\n\n## ")


def test_ci_runs_the_readmes_test_command_verbatim() -> None:
    quick_start = section(README.read_text(encoding="utf-8"), "## Quick start")
    blocks = re.findall(r"^```sh\n(.*?)^```$", quick_start, re.M | re.S)
    assert len(blocks) == 2  # lint the examples; run the tests
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    command = ci.split("# The README's test command, exactly:\n", 1)[1].strip()
    assert command == blocks[1].strip()


@pytest.mark.parametrize("path", [README, DOCS / "index.md"], ids=["README", "home"])
def test_the_finding_shown_is_what_webmcp_lint_prints(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    (shown,) = re.findall(r"^```text\n\$ (webmcp-lint .*?)\n(.*?)^```$", text, re.M | re.S)
    words = shlex.split(shown[0])
    result = run_cli(*words[1:], cwd=REPO)
    assert result.returncode == 1
    assert result.stdout == shown[1]
