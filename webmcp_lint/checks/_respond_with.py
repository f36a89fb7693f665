"""What the respond-with rules share: the file's submit handlers, and where a finding
about a call goes. When each `respondWith()` runs, and where a handler prevents the
default or hands its event on, are facts of `SubmitHandler` (`extract/respond.py`)."""

from __future__ import annotations

from tree_sitter import Node

from webmcp_lint.model import FileModel, SubmitHandler
from webmcp_lint.workspace.source import Span


def submit_handlers(model: FileModel) -> list[SubmitHandler]:
    return model.declarative.handlers if model.declarative is not None else []


def callee_span(call: Node) -> Span:
    """Where a finding about a call goes: its callee, `event.respondWith`."""
    function = call.child_by_field_name("function")
    return Span.of(function if function is not None else call)
