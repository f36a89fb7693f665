from tests.rule_tester import Finding, Invalid, RuleTester, Valid
from tests.rules.snippets import GOOD_DESCRIPTION

MISPLACED = (
    "are on {where}, so the browser ignores them and no tool is registered. Put the tool "
    "attributes on the <form>."
)


def misplaced(names: str, where: str) -> str:
    return f"{names} " + MISPLACED.format(where=where)


tests = RuleTester("form-tool-attributes")

test_valid = tests.valid(
    [
        Valid('<form toolname="search_flights" ' + GOOD_DESCRIPTION + "></form>", "page.html"),
        Valid(
            '<form toolName="search_flights" toolDescription="Finds flights."></form>', "page.html"
        ),
        Valid("<Form toolName='x' />", "F.tsx"),  # a component may pass them to a <form>
        Valid("<form toolname={name} tooldescription={description}></form>", "F.svelte"),
        Valid('<form {...props} toolname="x"></form>', "F.svelte"),  # the spread may describe it
        Valid(
            '<fieldset toolparamdescription="Seat"><input type="radio" name="s"></fieldset>',
            "page.html",
        ),
        Valid('<pre><div toolname="x"></div></pre>', "page.html"),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            '<form toolname="search_flights"></form>\n'
            '<form toolname="bad name!" tooldescription="d"></form>\n'
            '<div toolname="x" tooldescription="y"></div>\n'
            '<label toolparamdescription="nope">L</label>\n'
            '<form toolname="t" tooldescription="d"><input type="hidden" name="h" '
            'toolparamdescription="x"></form>\n',
            [
                # the toolname attribute
                Finding(
                    "missing-tool-attribute",
                    1,
                    7,
                    1,
                    32,
                    data={"present": "toolname", "missing": "tooldescription"},
                ),
                # the value "bad name!"
                Finding(
                    "invalid-tool-name",
                    2,
                    17,
                    2,
                    26,
                    data={"name": '"bad name!"', "suggestion": "bad_name"},
                ),
                # the first tool attribute of the div
                Finding(
                    "tool-attributes-not-on-form",
                    3,
                    6,
                    3,
                    18,
                    data={"names": "`toolname`, `tooldescription`", "verb": "are", "tag": "div"},
                ),
                Finding(
                    "param-description-not-on-control",
                    4,
                    8,
                    4,
                    35,
                    data={"tag": "label"},
                ),
                Finding(
                    "param-description-on-non-parameter-input",
                    5,
                    70,
                    5,
                    94,
                    data={"type": "hidden"},
                ),
            ],
            filename="page.html",
        ),
        Invalid(
            '<form toolname="a" tooldescription="d"><form toolname="b" tooldescription="e">'
            "</form></form>",
            [
                Finding(
                    "tool-attributes-on-nested-form",
                    1,
                    46,
                    1,
                    58,
                    data={"names": "`toolname`, `tooldescription`", "verb": "are"},
                )
            ],
            filename="page.html",
        ),
        Invalid(
            'export const Card = () => <div toolName="x" toolDescription="y" />;\n',
            [
                Finding(
                    "tool-attributes-not-on-form",
                    1,
                    32,
                    1,
                    44,
                    data={"names": "`toolName`, `toolDescription`", "verb": "are", "tag": "div"},
                )
            ],
            filename="Card.tsx",
        ),
    ]
)

# Declarative titles: `tooltitle` names the tool (Chromium 156 serves it as `title`);
# `toolparamtitle` is read by later Chrome only (WPT #60179), and only on a control.


test_titles_valid = tests.valid(
    [
        Valid(
            '<form toolname="t" tooldescription="d" tooltitle="Book a table">'
            '<input name="q" toolparamtitle="Query" toolparamdescription="Words"></form>',
            "page.html",
        ),
        # a bound title: the form may or may not be a tool
        Valid("<form tooltitle={title} {...tool}></form>", "F.svelte"),
    ]
)

test_titles_invalid = tests.invalid(
    [
        Invalid(
            '<form tooltitle="Book a table"><input name="q"></form>\n'
            '<form toolname="t" tooldescription="d"><label toolparamtitle="Name">N</label>'
            '<input type="submit" toolparamtitle="Go"></form>\n',
            [
                Finding("title-without-tool", 1, 7, 1, 31),
                Finding(
                    "param-title-not-on-control", 2, 47, severity="warning", data={"tag": "label"}
                ),
                Finding(
                    "param-title-on-non-parameter-input",
                    2,
                    99,
                    severity="warning",
                    data={"type": "submit"},
                ),
            ],
            filename="page.html",
        ),
    ]
)
