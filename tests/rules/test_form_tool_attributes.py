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
                    "This form has `toolname` but no `tooldescription`: Chromium registers a "
                    "form as a tool only with both, so agents never see it. Add "
                    "`tooldescription`.",
                    1,
                    7,
                    1,
                    32,
                ),
                # the value "bad name!"
                Finding(
                    'The tool name "bad name!" is not 1-128 characters of A-Z, a-z, 0-9, _, - '
                    "and .: Chromium silently skips the form, so agents never see it. Try "
                    '"bad_name".',
                    2,
                    17,
                    2,
                    26,
                ),
                # the first tool attribute of the div
                Finding(
                    misplaced("`toolname`, `tooldescription`", "a <div>, not a <form>"), 3, 6, 3, 18
                ),
                Finding(
                    "`toolparamdescription` on a <label> is ignored: it describes a parameter "
                    "only on an input, select, textarea, or a fieldset around a radio or "
                    "checkbox group. Move it to the control.",
                    4,
                    8,
                    4,
                    35,
                ),
                Finding(
                    '`toolparamdescription` on an input of type "hidden" is ignored: Chromium '
                    "never makes such a control a parameter. Remove it, or describe a control "
                    "the agent fills.",
                    5,
                    70,
                    5,
                    94,
                ),
            ],
            filename="page.html",
        ),
        Invalid(
            '<form toolname="a" tooldescription="d"><form toolname="b" tooldescription="e">'
            "</form></form>",
            [
                Finding(
                    misplaced(
                        "`toolname`, `tooldescription`",
                        "a form nested in another form (the HTML parser drops the inner <form> "
                        "tag)",
                    ),
                    1,
                    46,
                    1,
                    58,
                )
            ],
            filename="page.html",
        ),
        Invalid(
            'export const Card = () => <div toolName="x" toolDescription="y" />;\n',
            [
                Finding(
                    misplaced("`toolName`, `toolDescription`", "a <div>, not a <form>"),
                    1,
                    32,
                    1,
                    44,
                )
            ],
            filename="Card.tsx",
        ),
    ]
)

# Declarative titles: `tooltitle` names the tool (Chromium 156 serves it as `title`);
# `toolparamtitle` is read by later Chrome only (WPT #60179), and only on a control.
ONLY_A_TITLE = (
    "This form has `tooltitle` but neither `toolname` nor `tooldescription`: Chromium "
    "registers no tool for it, so the title is shown nowhere. Add both, or remove "
    "`tooltitle`."
)


def param_title_on(where: str) -> str:
    return (
        f"`toolparamtitle` on {where} is ignored: it titles a parameter only on an input, "
        "select or textarea that Chromium makes one (and Chromium 156 reads it nowhere; "
        "later Chrome shows it as the parameter's title). Move it to the control."
    )


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
                Finding(ONLY_A_TITLE, 1, 7, 1, 31),
                Finding(param_title_on("a <label>"), 2, 47, severity="warning"),
                Finding(param_title_on('an input of type "submit"'), 2, 99, severity="warning"),
            ],
            filename="page.html",
        ),
    ]
)
