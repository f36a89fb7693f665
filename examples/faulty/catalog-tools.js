// Catalog tools with the mistakes the browser rejects or silently drops.
const PRODUCT_SCHEMA = JSON.stringify({
  type: "object",
  properties: { sku: { type: "string", description: "Product code" } },
});

if ("modelContext" in document) {
  await document.modelContext.registerTool({
    name: "search products",
    description: "Finds products by keyword.",
    annotations: { readOnlyHint: true },
    execute: async () => ({ results: [] }),
  });

  await document.modelContext.registerTool({
    name: "product_details",
    description: "Shows the details of one product.",
    inputSchema: PRODUCT_SCHEMA,
    annotations: { readOnlyHint: true },
    execute: async () => ({ details: {} }),
  });

  await document.modelContext.registerTool({
    name: "product_details",
    description: "Shows the details of one product, again.",
    annotations: { readOnlyHint: true },
    execute: async () => ({ details: {} }),
  });

  await document.modelContext.registerTool({
    name: "remove_from_cart",
    description: "Removes a product from the cart.",
    annotations: { destructiveHint: true },
    handler: async () => ({ removed: true }),
  });

  await document.modelContext.registerTool(
    {
      name: "compare_prices",
      description: "",
      annotations: { readOnlyHint: true },
      execute: async () => ({ prices: [] }),
    },
    { exposedTo: ["*", "http://partner.example"] },
  );

  // exposed-origin-secure: the path is ignored, so every page of partner.example can call
  // this tool, not only its price widget
  await document.modelContext.registerTool(
    {
      name: "get_stock",
      description: "Gets how many of a product are in stock. Use before promising a delivery date.",
      inputSchema: {
        type: "object",
        properties: { sku: { type: "string", description: "The product's SKU" } },
        required: ["sku"],
      },
      annotations: { readOnlyHint: true },
      async execute({ sku }, { signal }) {
        if (!sku) return { error: "Give the product's SKU." };
        const response = await fetch(`/api/stock/${encodeURIComponent(sku)}`, { signal });
        return response.ok ? response.json() : { error: "Stock is unavailable.", retryable: true };
      },
    },
    { exposedTo: ["https://partner.example/price-widget"] },
  );
}
