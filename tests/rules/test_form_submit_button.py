"""form-submit-button: without toolautosubmit, Chromium refuses a form tool that has no
submit button (verified in tests/browser/test_facts_forms.py)."""

from __future__ import annotations

from tests.rule_tester import Finding, Invalid, RuleTester, Valid

TOOL = 'toolname="book" tooldescription="Books a table."'


def page(controls: str, attributes: str = TOOL, after: str = "") -> str:
    return f'<form {attributes}><input name="time">{controls}</form>{after}'


tests = RuleTester("form-submit-button")

test_valid = tests.valid(
    [
        Valid(page("<button>Book</button>"), "a.html"),
        Valid(page('<button type="submit">Book</button>'), "a.html"),
        Valid(page('<button type="Submit ">Book</button>'), "a.html"),  # case-insensitive
        Valid(page('<button type="bogus">Book</button>'), "a.html"),  # invalid: a submit
        Valid(page('<input type="submit">'), "a.html"),
        Valid(page('<input type="image" alt="Book">'), "a.html"),
        Valid(page("<button disabled>Book</button>"), "a.html"),  # a script may enable it
        Valid(page("", 'id="f" ' + TOOL, '<button form="f">Book</button>'), "a.html"),
        Valid(page("", TOOL + " toolautosubmit"), "a.html"),
        # not a tool Chromium registers: form-tool-attributes' to report
        Valid(page("", 'toolname="book"'), "a.html"),
        # a script may add the button
        Valid(
            page("", after="<script>form.append(document.createElement('button'))</script>"),
            "a.html",
        ),
        Valid(page("", after="<script>slot.innerHTML = html;</script>"), "a.html"),
        # JSX: a component or children may render the button; a bound type may be submit
        Valid(
            f"export const F = () => <form {TOOL}><input name='t' /><SubmitRow /></form>;",
            "f.jsx",
        ),
        Valid(
            f"export const F = ({{ children }}) => <form {TOOL}><input name='t' />{{children}}</form>;",
            "f.jsx",
        ),
        Valid(
            f"export const F = ({{ k }}) => <form {TOOL}><input name='t' /><button type={{k}}>Go</button></form>;",
            "f.jsx",
        ),
        Valid(f'<template><form {TOOL}><input name="t"><slot /></form></template>', "F.vue"),
        # React drops `toolautosubmit` given as true: form-autosubmit-value's finding
        Valid(
            'import React from "react";\n'
            f"export const F = () => <form {TOOL} toolautosubmit><input name='t' /></form>;",
            "f.jsx",
        ),
        Valid(
            f"export const F = ({{ auto }}) => <form {TOOL} toolautosubmit={{auto}}><input name='t' /></form>;",
            "f.jsx",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(page(""), [Finding("no-submit-button", 1, 7, 1, 22)], filename="a.html"),
        # a second form of the same name is not registered: tool-name-unique reports it
        Invalid(page("") + page(""), [Finding("no-submit-button", 1, 7)], filename="a.html"),
        Invalid(
            page(
                '<button type="button" onclick="go()">Book</button><button type="reset">X</button>'
            ),
            [Finding("no-submit-button", 1, 7)],
            filename="a.html",
        ),
        # a submit button of another form does not count
        Invalid(
            page("", after='<form id="other"></form><button form="other">Go</button>'),
            [Finding("no-submit-button", 1, 7)],
            filename="a.html",
        ),
        Invalid(
            f"export const F = () => <form {TOOL}><input name='t' /><button type='button'>Go</button></form>;",
            [Finding("no-submit-button", 1, 30)],
            filename="f.jsx",
        ),
        Invalid(
            f'<template><form {TOOL}><input name="t"></form></template>',
            [Finding("no-submit-button", 1, 17)],
            filename="F.vue",
        ),
    ]
)
