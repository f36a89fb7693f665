"""A minified bundle on one line, shaped like what bundlers write (webpack's module table:
many short arrow functions and functions, object literals, strings, short names), with a
few WebMCP tools in its middle. Deterministic: the same size gives the same bytes.

    python -m tests.minified_bundle MEGABYTES PATH    # write one for benchmarks/profile_lint.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

# Three tools placed at a third, half and two thirds of the bundle; each has one mistake
# a rule reports (a name with a space; an input schema that is not an object; a
# registration whose promise nobody handles is every imperative one's).
TOOLS = (
    'document.modelContext.registerTool({name:"add to cart",description:"Adds a product to '
    'the cart.",inputSchema:{type:"object",properties:{sku:{type:"string",description:"The '
    'product SKU."}},required:["sku"]},execute:async e=>{const t=await fetch("/api/cart",'
    '{method:"POST",body:JSON.stringify(e)});return{content:[{type:"text",text:await t.text()}]}}})',
    'navigator.modelContext.registerTool({name:"search_products",description:"Searches the '
    'catalogue.",inputSchema:{type:"string"},execute:e=>r.search(e.query)})',
    'document.modelContext?.registerTool({name:"get_order",description:"Gets an order by '
    'its number.",inputSchema:{type:"object",properties:{id:{type:"string",description:"The '
    'order number."}},required:["id"]},execute:async({id:e})=>({content:[{type:"text",text:'
    "JSON.stringify(await n.o(e))}]})})",
)

_NAMES = "abcdefghijklmnopqrstuvwxyz"
_WORDS = (
    "click",
    "value",
    "items",
    "length",
    "props",
    "state",
    "render",
    "update",
    "key",
    "createElement",
    "prototype",
    "addEventListener",
    "getAttribute",
    "defaultProps",
    "hasOwnProperty",
)
_MESSAGES = (
    "Minified React error #%s; visit https://react.dev/errors/%s for the full message",
    "Cannot read properties of undefined (reading '%s')",
    "Expected a function as the first argument, received %s",
    "The %s option must be a positive integer or Infinity",
)


_RESERVED = ("do", "if", "in")


def _name(rng: random.Random) -> str:
    name = rng.choice(_NAMES) + (rng.choice(_NAMES + "0123456789_$") if rng.random() < 0.4 else "")
    return name + "_" if name in _RESERVED else name


def _expression(rng: random.Random) -> str:
    shape = rng.randrange(9)
    a, b = _name(rng), _name(rng)
    if shape == 0:
        return f'{a}.{rng.choice(_WORDS)}("{rng.choice(_WORDS)}-{rng.randrange(999)}")'
    if shape == 1:
        return f"{a}?{b}:{rng.randrange(99)}"
    if shape == 2:
        return f'{{{rng.choice(_WORDS)}:{a},{rng.choice(_WORDS)}:"{b}",n:[{rng.randrange(9)},{b}]}}'
    if shape == 3:
        return f"{a}&&{b}.{rng.choice(_WORDS)}({a}+{rng.randrange(99)})"
    if shape == 4:
        return f"({a}=>{a}.{rng.choice(_WORDS)})({b})"
    if shape == 5:
        return f"`{rng.choice(_WORDS)}${{{a}}}`"
    if shape == 6:
        return f"{a}[{b}]={a}[{b}]||[]"
    if shape == 7:
        message = rng.choice(_MESSAGES).replace("%s", rng.choice(_WORDS))
        return f'new Error("{message}")'
    return f"!{a}.{rng.choice(_WORDS)}"


def _module(rng: random.Random, number: int) -> str:
    e, t, n = "e", "t", "n"
    statements = []
    for index in range(rng.randrange(1, 5)):
        kind = rng.randrange(4)
        if kind == 0:
            statements.append(f"const {_name(rng)}{index}={_expression(rng)}")
        elif kind == 1:
            statements.append(f"if({_expression(rng)})return {_expression(rng)}")
        elif kind == 2:
            statements.append(
                f"function {_name(rng)}{index}({e},{t}){{return {_expression(rng)},{_expression(rng)}}}"
            )
        else:
            statements.append(f"({_expression(rng)})")
    return f"{number}:({e},{t},{n})=>{{{n}.d({t},{{A:()=>{_name(rng)}}});{';'.join(statements)}}}"


def minified_bundle(size: int) -> str:
    """About `size` bytes of one-line minified code holding the three TOOLS."""
    rng = random.Random(f"minified-{size}")
    marks = [size // 3, size // 2, 2 * size // 3]
    parts = ['(()=>{"use strict";var r={']
    length = len(parts[0])
    number = 0
    while length < size:
        if marks and length >= marks[0]:
            marks.pop(0)
            module = f"{number}:(e,t,n)=>{{{TOOLS[2 - len(marks)]}}}"
        else:
            module = _module(rng, number)
        parts.append(module + ",")
        length += len(module) + 1
        number += 1
    parts.append("};function o(e){return r[e](e,{},o)}o(0)})();")
    return "".join(parts)


if __name__ == "__main__":
    megabytes, path = float(sys.argv[1]), Path(sys.argv[2])
    path.write_text(minified_bundle(int(megabytes * 1_000_000)), encoding="utf-8")
