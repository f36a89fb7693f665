// A bare `&` in JSX text and in JSX attribute strings: valid for Babel and TypeScript,
// rejected by tree-sitter-javascript 0.25 and by tree-sitter-typescript 0.23 (TSX).
// `class` and `for` make the JavaScript grammar fail too, so the TSX fallback runs.
export function Header() {
  return (
    <header class="site">
      <h2>Plans & Pricing</h2>
      <a href="/signup?plan=team&trial=1" title="Terms & conditions">Start</a>
      <p>Tue–Sat 12:00–14:30 & 19:00–23:00, Q&A on Fridays, &copy 2026 &amp; more &</p>
      <>Fragments & text</>
      <label for="q">Search & filter</label>
    </header>
  );
}

export function registerSearch(cond, flags, MASK) {
  const visible = cond && flags & MASK;
  document.modelContext.registerTool({
    name: "search_plans",
    description: "Finds plans & prices by keyword.",
    inputSchema: { type: "object", properties: { q: { type: "string" } } },
    execute: async ({ q }) => ({ plans: visible ? [q] : [] }),
  });
}
