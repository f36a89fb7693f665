"""The grammars' compiled modules, loaded without their packages' `__init__`."""

from __future__ import annotations

import importlib

import pytest
from tree_sitter import Language, Parser

from webmcp_lint.syntax import languages


@pytest.mark.parametrize(
    ("package", "function"),
    [
        ("tree_sitter_html", "language"),
        ("tree_sitter_javascript", "language"),
        ("tree_sitter_typescript", "language_typescript"),
        ("tree_sitter_typescript", "language_tsx"),
    ],
)
def test_a_binding_from_its_file_is_the_packages(package: str, function: str) -> None:
    loaded = languages._binding.__wrapped__(package)  # the file, not the package's __init__
    imported = importlib.import_module(package)
    language = Language(getattr(loaded, function)())
    assert language == Language(getattr(imported, function)())
    assert Parser(language).parse(b"<p>a</p>" if package.endswith("html") else b"a;").root_node


class NoFiles:
    """A finder of no file (a grammar installed some other way than as files)."""

    @staticmethod
    def find_spec(*args: object) -> None:
        return None


def test_a_binding_no_plain_file_holds_is_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(languages, "PathFinder", NoFiles)
    loaded = languages._binding.__wrapped__("tree_sitter_html")
    assert loaded is importlib.import_module("tree_sitter_html")
    assert Language(loaded.language()) == Language(
        languages._binding("tree_sitter_html").language()
    )
