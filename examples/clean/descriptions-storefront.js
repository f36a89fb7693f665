// Storefront tools, written the way Chrome's WebMCP guidance shows them: a description
// that says what the tool does and when to use it, a schema with a short description per
// parameter, input checked in code, the execution signal forwarded, structured errors.

const SORT_ORDERS = ["relevance", "price_low_to_high", "price_high_to_low", "rating"];
const CATEGORIES = ["electronics", "clothing", "books", "garden"];

export async function registerStorefrontTools(cart) {
  if (!("modelContext" in document)) return;

  await document.modelContext.registerTool({
    name: "search_products",
    description:
      "Searches the product catalog by keyword, optionally within a category. Use when the user wants to find products or compare options.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Keywords as the user said them" },
        category: { type: "string", enum: CATEGORIES, description: "Department to search in, if the user named one" },
        sort: { type: "string", enum: SORT_ORDERS, default: "relevance", description: "How to order the results" },
        page: { type: "integer", minimum: 1, default: 1, description: "Result page, starting at 1" },
      },
      required: ["query"],
    },
    annotations: { readOnlyHint: true },
    async execute({ query, category, sort = "relevance", page = 1 }, { signal }) {
      if (typeof query !== "string" || !query.trim()) {
        return { error: "Give some keywords to search for.", code: "MISSING_QUERY" };
      }
      if (category !== undefined && !CATEGORIES.includes(category)) {
        return { error: `Unknown department. Known: ${CATEGORIES.join(", ")}.`, code: "BAD_CATEGORY" };
      }
      if (!SORT_ORDERS.includes(sort)) {
        return { error: `Sort by one of ${SORT_ORDERS.join(", ")}.`, code: "BAD_SORT" };
      }
      const params = new URLSearchParams({ q: query, sort, page: String(page) });
      if (category) params.set("category", category);
      const response = await fetch(`/api/products?${params}`, { signal });
      if (!response.ok) {
        return { error: `The catalog is unavailable (${response.status}).`, retryable: true };
      }
      const data = await response.json();
      return {
        total: data.total,
        products: data.items.slice(0, 10).map((item) => ({ id: item.id, name: item.name, price: item.price })),
      };
    },
  });

  await document.modelContext.registerTool({
    name: "add_to_cart",
    description:
      "Adds a product to the shopping cart. Use when the user has picked a product and wants it in their cart.",
    inputSchema: {
      type: "object",
      properties: {
        productId: { type: "string", description: "Product from the search results" },
        quantity: { type: "integer", minimum: 1, default: 1, description: "How many units" },
      },
      required: ["productId"],
    },
    async execute({ productId, quantity = 1 }) {
      if (typeof productId !== "string" || !productId) {
        return { error: "Say which product to add.", code: "MISSING_PRODUCT" };
      }
      if (!Number.isInteger(quantity) || quantity < 1) {
        return { error: "Quantity must be a whole number of at least one.", code: "BAD_QUANTITY" };
      }
      const line = await cart.add(productId, quantity);
      return { added: line.name, quantity: line.quantity, cartSize: cart.count };
    },
  });
}
