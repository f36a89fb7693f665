"""JUnit XML, the test report CI systems read (GitLab, Jenkins, Azure Pipelines, CircleCI).

As ESLint's junit formatter: one `<testsuite>` per file with findings, named by its path,
and one failing `<testcase>` per finding, whose `<failure>` carries the message, the
severity as its type, and the location. A run without findings is one passing test
case, so a CI that refuses an empty report accepts it; a configuration error is one
`<error>`. Characters XML 1.0 cannot hold are written as `\\uXXXX`.
"""

from __future__ import annotations

import re
from itertools import groupby
from xml.etree import ElementTree

from webmcp_lint.output import count
from webmcp_lint.output.inert import printable
from webmcp_lint.output.report import Report

NAME = "webmcp-lint"
# Everything outside XML 1.0's Char production (control characters, lone surrogates,
# U+FFFE, U+FFFF) is invalid in a document, even as a character reference.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """Text from the code or its paths as one inert line (see `inert.printable`: no
    newline starts a workflow command in a log that prints the report), with what XML
    1.0 cannot hold as `\\uXXXX`."""
    return printable(_NOT_XML.sub(lambda match: f"\\u{ord(match.group()):04x}", text))


def render(report: Report) -> str:
    root = ElementTree.Element("testsuites", name=NAME)
    if report.config_errors:
        suite = _suite(root, NAME, tests=1, errors=1)
        case = _case(suite, "configuration", NAME)
        for message in report.config_errors:
            ElementTree.SubElement(case, "error", message=xml_text(message), type="usage")
    elif not report.diagnostics:
        suite = _suite(root, NAME, tests=1)
        checked = (
            report.checked(count)
            if report.pages_checked is not None
            else f"{report.files_checked} files checked"
        )
        _case(suite, f"No problems found ({checked})", NAME)
    for path, group in groupby(report.diagnostics, key=lambda d: d.path):
        found = list(group)
        suite = _suite(root, path, tests=len(found), failures=len(found))
        for d in found:
            where = f"{d.path}:{d.line}:{d.column}"
            case = _case(suite, f"{d.rule} {where}", d.path)
            failure = ElementTree.SubElement(
                case, "failure", message=xml_text(d.message), type=d.severity
            )
            failure.text = xml_text(f"{where}: {d.severity} [{d.rule}] {d.message}") + f"\n{d.url}"
    totals = {key: sum(int(s.get(key, "0")) for s in root) for key in ("tests", "failures")}
    root.set("tests", str(totals["tests"]))
    root.set("failures", str(totals["failures"]))
    root.set("errors", "1" if report.config_errors else "0")
    ElementTree.indent(root)
    body = ElementTree.tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="UTF-8"?>\n{body}\n'


def _suite(
    root: ElementTree.Element, name: str, tests: int, failures: int = 0, errors: int = 0
) -> ElementTree.Element:
    return ElementTree.SubElement(
        root,
        "testsuite",
        name=xml_text(name),
        tests=str(tests),
        failures=str(failures),
        errors=str(errors),
        skipped="0",
        time="0",
    )


def _case(suite: ElementTree.Element, name: str, classname: str) -> ElementTree.Element:
    return ElementTree.SubElement(
        suite, "testcase", name=xml_text(name), classname=xml_text(classname), time="0"
    )
