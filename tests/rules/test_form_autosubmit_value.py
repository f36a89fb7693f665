from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import tool_form

tests = RuleTester("form-autosubmit-value")

test_valid = tests.valid(
    [
        Valid(tool_form(attributes='toolname="t" toolautosubmit'), "page.html"),
        Valid(tool_form(attributes='toolname="t" toolautosubmit=""'), "page.html"),
        Valid(tool_form(attributes='toolname="t" toolautosubmit="true"'), "page.html"),
        Valid('<form toolname="t" tooldescription="d" toolautosubmit={false}></form>', "F.astro"),
        Valid('const F = () => <form toolName="t" toolDescription="d" toolautosubmit />;', "F.jsx"),
        Valid(
            'import { h } from "preact";\n'
            'const F = () => <form toolName="t" toolDescription="d" toolautosubmit={true} />;',
            "F.tsx",
        ),
        Valid(
            'import React from "react";\n'
            'const F = () => <form toolName="t" toolDescription="d" toolautosubmit={false} />;',
            "F.tsx",
        ),
        Valid(
            '<template><form toolname="t" tooldescription="d" :toolautosubmit="auto"></form>'
            "</template>",
            "F.vue",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        # at the attribute
        Invalid(
            tool_form(attributes='toolname="t" toolautosubmit="false"'),
            [Finding("off-value-switches-on", 1, 20, 1, 42, data={"value": "false"})],
            filename="page.html",
        ),
        Invalid(
            tool_form(attributes='toolname="t" TOOLAUTOSUBMIT="0"'),
            [Finding("off-value-switches-on", 1, 20, 1, 38, data={"value": "0"})],
            filename="page.html",
        ),
        # Vue and Svelte render `false` as "false"
        Invalid(
            '<template><form toolname="t" tooldescription="d" :toolautosubmit="false"></form>'
            "</template>",
            [Finding("off-value-switches-on", 1, 50, 1, 73, data={"value": "false"})],
            filename="F.vue",
        ),
        Invalid(
            '<form toolname="t" tooldescription="d" toolautosubmit={false}></form>',
            [Finding("off-value-switches-on", 1, 40, 1, 62, data={"value": "false"})],
            filename="F.svelte",
        ),
        Invalid(
            'const F = () => <form toolName="t" toolDescription="d" toolautosubmit="no" />;',
            [Finding("off-value-switches-on", 1, 56, 1, 75, data={"value": "no"})],
            filename="F.jsx",
        ),
        Invalid(
            'import { useState } from "react";\n'
            'const F = () => <form toolName="t" toolDescription="d" toolautosubmit />;',
            [Finding("react-drops-true", 2, 56, 2, 70)],
            filename="F.tsx",
        ),
    ]
)
