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
}
