from tests.rule_tester import Finding, Invalid, Placed, Project, RuleTester, Valid
from tests.runtime_projects import manifest

TOOL = '{ name: "show_cart", description: "Shows the cart.", execute: async () => ({}) }'
REGISTER = f"document.modelContext?.registerTool({TOOL}).catch(report)"


def by_hand(line: int, column: int) -> Finding:
    """At `document.modelContext?.registerTool`."""
    return Finding("registers-by-hand", line, column, line, column + 35)


def decorated(decorator: str) -> str:
    name = decorator.split("(")[0]
    return (
        f'import {{ {name} }} from "@angular/core";\n@{decorator}\n'
        f"class Tools {{ init() {{ {REGISTER}; }} }}"
    )


tests = RuleTester("angular-webmcp-api")

test_valid = tests.valid(
    [
        # no @angular/core import
        Valid(f"@Component({{}})\nclass Cart {{ ngOnInit() {{ {REGISTER}; }} }}", "cart.ts"),
        # an undecorated class
        Valid(
            f'import {{ inject }} from "@angular/core";\nclass Cart {{ init() {{ {REGISTER}; }} }}',
            "cart.ts",
        ),
        # the Angular API
        Valid(
            'import { Injectable, declareExperimentalWebMcpTool } from "@angular/core";\n'
            "@Injectable()\n"
            f"class Cart {{ constructor() {{ declareExperimentalWebMcpTool({TOOL}); }} }}",
            "cart.ts",
        ),
    ]
)

test_invalid = tests.invalid(
    [
        Invalid(
            f"""import {{ Component, OnInit }} from "@angular/core";

@Component({{ selector: "app-cart", template: "" }})
export class CartComponent implements OnInit {{
  ngOnInit() {{
    {REGISTER};
  }}
}}
""",
            [by_hand(6, 5)],
            filename="cart.component.ts",
        ),
        # services and directives count
        Invalid(
            decorated("Injectable({ providedIn: 'root' })"), [by_hand(3, 24)], filename="tools.ts"
        ),
        Invalid(decorated("Directive({})"), [by_hand(3, 24)], filename="tools.ts"),
    ]
)


# Angular before 22 has no WebMCP integration to move to (package.json says which).
test_angular_versions = tests.projects(
    [
        Project(
            {
                "package.json": manifest(dependencies={"@angular/core": "^21.2.4"}),
                "src/tools.ts": decorated('Injectable({ providedIn: "root" })'),
            },
            name="angular-21",
        ),
        Project(
            {
                "package.json": manifest(dependencies={"@angular/core": "^22.0.0"}),
                "src/tools.ts": decorated('Injectable({ providedIn: "root" })'),
            },
            [Placed("src/tools.ts", "registers-by-hand", 3, 24)],
            name="angular-22",
        ),
    ]
)
