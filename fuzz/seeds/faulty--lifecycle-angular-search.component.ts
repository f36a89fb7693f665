// Faulty on purpose: an Angular component registers a tool by hand in ngOnInit and
// never unregisters it (angular-webmcp-api, register-cleanup).
import { Component, OnInit } from "@angular/core";

@Component({ selector: "app-search", template: "<input />" })
export class SearchComponent implements OnInit {
  private readonly tools = new AbortController();
  results: string[] = [];

  async ngOnInit() {
    if (!("modelContext" in document)) return;
    await document.modelContext.registerTool(
      {
        name: "search_catalog",
        description: "Searches the catalog by keyword. Use when the user looks for a product.",
        inputSchema: {
          type: "object",
          properties: { query: { type: "string", description: "Keywords to look for" } },
          required: ["query"],
        },
        annotations: { readOnlyHint: true },
        execute: async ({ query }) => ({ results: this.results.filter((r) => r.includes(query)) }),
      },
      { signal: this.tools.signal },
    );
  }
}
