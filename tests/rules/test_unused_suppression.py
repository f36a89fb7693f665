from tests.rule_tester import Finding, Invalid, RuleTester, Valid

tests = RuleTester("unused-suppression")

test_valid = tests.valid(
    [
        Valid('const note = "webmcp-lint-disable-line no-removed-api";'),
        Valid(
            "// webmcp-lint-disable-next-line no-removed-api\ndocument.modelContext.unregisterTool(1);"
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            "const a = 1; // webmcp-lint-disable-line",
            [Finding("suppresses-nothing", 1, 14, 1, 41)],
        ),
        Invalid(
            "// webmcp-lint-disable-next-line no-such-rule\nconst a = 1;",
            [
                Finding(
                    "unknown-rule",
                    1,
                    1,
                    data={"rule": "no-such-rule"},
                )
            ],
        ),
        Invalid(
            "/* webmcp-lint-disable */\nconst a = 1;\n/* webmcp-lint-enable */",
            [Finding("suppresses-nothing", 1, 1, 1, 26)],
        ),
    ]
)
