"""`server`: the Language Server (`cli/lsp.py`), when the `lsp` extra is installed."""

from __future__ import annotations

import importlib

import click

from webmcp_lint.cli.errors import ConfigurationError

SERVER_SUMMARY = "Run the Language Server (LSP) over stdio, for editors."
LSP_PACKAGES = ("pygls", "lsprotocol")


@click.command(short_help=SERVER_SUMMARY)
def server() -> None:
    """Run the Language Server (LSP) over stdio, for editors.

    Needs the `lsp` extra: pip install 'webmcp-lint[lsp]'.
    """
    missing = []
    for package in LSP_PACKAGES:
        try:
            importlib.import_module(package)
        except ImportError:
            missing.append(package)
    if missing:
        raise ConfigurationError(
            f"the language server needs pygls and lsprotocol ({' and '.join(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} missing): pip install 'webmcp-lint[lsp]'"
        )
    from webmcp_lint.cli.lsp import serve

    serve()
