"""MkDocs hooks: the rule pages of `rules/` in the site, read where they are.

`rules/<id>.md` stays the single source of a rule's page (the linter reads its front
matter, `webmcp-lint rule ID` prints it, SARIF carries it): the site takes each page from
there as `rules/<id>.md`, without a copy, lists them in the navigation under "Rules" by
category, and fills the table of `rules.md` from their front matter. An example's fence
(```` ```js bad browser="..." ````) becomes the title of its code block.

The pages of `docs/` link to files of the repository as they are on disk
(`../rules/tool-name-format.md`, `../SECURITY.md`), so the links work where the Markdown
is read (GitHub, an editor). In the site, a link to a rule page goes to its page, and a
link to any other file of the repository to that file on GitHub (`repo_url`).
"""

from __future__ import annotations

import posixpath
import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page
from mkdocs.utils.meta import get_data

REPO = Path(__file__).resolve().parent.parent
RULES = REPO / "rules"
RULES_TABLE = "<!-- the rules table: made from the rule pages' front matter -->"

LINK = re.compile(r"\]\(([^)\s]+)\)")  # `](target)` of a link or an image
FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+).*?(?<!`)\1(?!`)")
EXAMPLE_FENCE = re.compile(r"^```(?P<language>\w+) (?P<options>(?:bad|good)\b.*)$", re.M)


def rule_pages() -> list[dict[str, Any]]:
    """Each rule page's front matter and file name, by category, then id."""
    found = []
    for page in sorted(RULES.glob("*.md")):
        _, meta = get_data(page.read_text(encoding="utf-8"))
        found.append({**meta, "file": page.name})
    return sorted(found, key=lambda meta: (meta["category"], meta["id"]))


def on_files(files: Files, config: Any) -> Files:
    for page in sorted(RULES.glob("*.md")):
        # In the navigation through on_nav, not mkdocs.yml's `nav`.
        files.append(
            File.generated(
                config,
                f"rules/{page.name}",
                abs_src_path=str(page),
                inclusion=InclusionLevel.NOT_IN_NAV,
            )
        )
    return files


def on_nav(nav: Navigation, config: Any, files: Files) -> Navigation:
    """The rule pages under "Rules", after its overview, in a section per category."""
    (rules,) = (item for item in nav.items if isinstance(item, Section) and item.title == "Rules")
    categories: dict[str, Section] = {}
    for meta in rule_pages():
        if meta["category"] not in categories:
            categories[meta["category"]] = Section(meta["category"], [])
            categories[meta["category"]].parent = rules
            rules.children.append(categories[meta["category"]])
        file = files.get_file_from_path(f"rules/{meta['file']}")
        assert file is not None and isinstance(file.page, Page), meta["file"]
        file.page.title = meta["id"]
        file.page.parent = categories[meta["category"]]
        categories[meta["category"]].children.append(file.page)
    # Previous and next follow the navigation, rule pages included.
    nav.pages = _pages(nav.items)
    for previous, page in zip([None, *nav.pages], [*nav.pages, None], strict=True):
        if page is not None:
            page.previous_page = previous
        if previous is not None:
            previous.next_page = page
    return nav


def _pages(items: list[Any]) -> list[Page]:
    found: list[Page] = []
    for item in items:
        if isinstance(item, Page):
            found.append(item)
        elif isinstance(item, Section):
            found.extend(_pages(item.children))
    return found


def on_page_markdown(markdown: str, page: Page, config: Any, files: Files) -> str:
    if page.file.src_uri.startswith("rules/"):
        return EXAMPLE_FENCE.sub(_example_title, markdown)
    markdown = markdown.replace(RULES_TABLE, rules_table(page))
    return rewrite_links(markdown, page, config)


def _example_title(match: re.Match[str]) -> str:
    """```js bad browser="error ..." -> ```js title="Bad · Chromium: error ...\""""
    words = dict(
        word.partition("=")[::2] for word in shlex.split(match.group("options"), posix=True)
    )
    title = ["Bad" if "bad" in words else "Good"]
    if words.get("file"):
        title.append(words["file"])
    if words.get("browser"):
        title.append(f"Chromium: {words['browser']}")
    return f'```{match.group("language")} title="{" · ".join(title)}"'


def rules_table(page: Page) -> str:
    rows = ["| Rule | Category | Severity | What it flags |", "| --- | --- | --- | --- |"]
    for meta in rule_pages():
        target = posixpath.relpath(f"rules/{meta['file']}", posixpath.dirname(page.file.src_uri))
        summary = str(meta["summary"]).replace("|", "\\|")
        rows.append(
            f"| [`{meta['id']}`]({target}) | {meta['category']} | {meta['severity']} | {summary} |"
        )
    return "\n".join(rows)


def rewrite_links(markdown: str, page: Page, config: Any) -> str:
    """Links out of `docs/` as the site serves them; code blocks and spans left alone."""

    def link(match: re.Match[str]) -> str:
        return f"]({site_target(match.group(1), page, config)})"

    out, fence = [], None
    for line in markdown.splitlines(keepends=True):
        opened = FENCE.match(line)
        if fence is None and opened:
            fence = opened.group(1)
        elif fence is not None:
            if line.strip().startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
        else:
            line = _outside_code(line, lambda text: LINK.sub(link, text))
        out.append(line)
    return "".join(out)


def _outside_code(line: str, change: Callable[[str], str]) -> str:
    parts, last = [], 0
    for span in CODE_SPAN.finditer(line):
        parts += [change(line[last : span.start()]), span.group(0)]
        last = span.end()
    return "".join([*parts, change(line[last:])])


def site_target(target: str, page: Page, config: Any) -> str:
    """Where a link of a page of `docs/` goes in the site."""
    if "://" in target or target.startswith(("#", "mailto:")):
        return target
    path, hash_, anchor = target.partition("#")
    resolved = (Path(page.file.abs_src_path or "").parent / path).resolve()
    docs = Path(config["docs_dir"]).resolve()
    if resolved == docs or docs in resolved.parents:
        return target  # a page of the site: MkDocs checks it
    in_repo = resolved.relative_to(REPO).as_posix()
    if resolved.parent == RULES and resolved.suffix == ".md":
        url = posixpath.relpath(in_repo, posixpath.dirname(page.file.src_uri) or ".")
    else:
        kind = "tree" if resolved.is_dir() else "blob"
        url = f"{config['repo_url'].rstrip('/')}/{kind}/main/{in_repo}"
    return url + hash_ + anchor


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    server.watch(str(RULES))
    return server
