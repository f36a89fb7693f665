// The catalog team's tools.
if ("modelContext" in document) {
  await document.modelContext.registerTool({
    name: "search_products",
    description: "Finds products by keyword. Use when the user looks for something to buy.",
    inputSchema: {
      type: "object",
      properties: { query: { type: "string", description: "Words to look for" } },
      required: ["query"],
    },
    annotations: { readOnlyHint: true },
    async execute({ query }, { signal }) {
      if (!query) return { error: "Say what to search for." };
      const response = await fetch(`/api/search?q=${encodeURIComponent(query)}`, { signal });
      if (!response.ok) return { error: "The catalog is unavailable.", retryable: true };
      return { results: (await response.json()).items.slice(0, 10) };
    },
  });
  await document.modelContext.registerTool({
    name: "get_reviews",
    description: "Gets the newest customer reviews of a product.",
    inputSchema: {
      type: "object",
      properties: { productId: { type: "string", description: "Id from search_products" } },
      required: ["productId"],
    },
    annotations: { readOnlyHint: true },
    async execute({ productId }, { signal }) {
      if (!productId) return { error: "Pass a productId from search_products." };
      const response = await fetch(`/api/reviews/${encodeURIComponent(productId)}`, { signal });
      if (!response.ok) return { error: "Reviews are unavailable.", retryable: true };
      return (await response.json()).slice(0, 5);
    },
  });
  await document.modelContext.registerTool({
    name: "list_orders",
    description: "Lists the customer's recent orders with their status.",
    annotations: { readOnlyHint: true },
    async execute(input, { signal }) {
      const response = await fetch("/api/orders?recent=1", { signal });
      if (!response.ok) return { error: "Orders are unavailable.", retryable: true };
      return (await response.json()).map(({ id, status }) => ({ id, status }));
    },
  });
}
