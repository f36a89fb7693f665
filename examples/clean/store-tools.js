// Tools of a small online store, registered the way Chrome's guidance shows.
const SORT_ORDERS = ["price", "rating", "newest"];

const searchProducts = {
  // webmcp-lint-disable-next-line tool-near-duplicate -- search_products_v1 stays for agents that learned it
  name: "search_products",
  title: "Search products",
  description:
    "Finds products in the catalog by keyword. Use when the user looks for something to buy.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", description: "Words to look for, as the user said them" },
      sort: { type: "string", enum: SORT_ORDERS, description: "How to order the results" },
    },
    required: ["query"],
  },
  annotations: { readOnlyHint: true },
  async execute({ query, sort = "rating" }, { signal }) {
    if (!query) return { error: "Say what to search for." };
    if (!SORT_ORDERS.includes(sort)) return { error: `Sort by one of: ${SORT_ORDERS.join(", ")}.` };
    const url = `/api/search?q=${encodeURIComponent(query)}&sort=${sort}`;
    const response = await fetch(url, { signal });
    if (!response.ok) return { error: "The catalog is unavailable; try again later." };
    const { items } = await response.json();
    return { results: items.slice(0, 10).map(({ id, title, price }) => ({ id, title, price })) };
  },
};

const addToCart = {
  name: "add_to_cart",
  title: "Add to cart",
  description: "Puts a product into the shopping cart. Use after the user picked a product.",
  inputSchema: {
    type: "object",
    properties: {
      productId: { type: "string", description: "Product id from search_products" },
      quantity: { type: "integer", minimum: 1, maximum: 10, description: "How many to add" },
    },
    required: ["productId"],
  },
  async execute({ productId, quantity = 1 }, { signal }) {
    if (!productId) return { error: "Give the id of the product to add." };
    const response = await fetch("/api/cart", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ productId, quantity }),
      signal,
    });
    if (!response.ok) return { error: "That product could not be added." };
    renderCartBadge(await response.json());
    return { added: productId, quantity };
  },
};

// The old name, kept until agents have moved on (the suppression above is used: the
// two are near duplicates on purpose).
const searchProductsV1 = { ...searchProducts, name: "search_products_v1", title: "Search products (old name)" };

// Two tools whose names start with words of one meaning (get, show), told apart by what
// their descriptions say: one returns the order, the other shows its page.
const getOrder = {
  name: "get_order",
  description: "Gets one of the user's orders by its number: items, total and delivery status.",
  inputSchema: {
    type: "object",
    properties: { number: { type: "string", description: "Order number, as on the receipt" } },
    required: ["number"],
  },
  annotations: { readOnlyHint: true },
  async execute({ number }, { signal }) {
    if (!number) return { error: "Give the order number." };
    const response = await fetch(`/api/orders/${encodeURIComponent(number)}`, { signal });
    if (!response.ok) return { error: "No order has that number.", retryable: false };
    const { items, total, status } = await response.json();
    return { items, total, status };
  },
};

const showOrder = {
  name: "show_order",
  description: "Opens the order's page in this tab, so the user can see it and print the invoice.",
  inputSchema: {
    type: "object",
    properties: { number: { type: "string", description: "Order number, as on the receipt" } },
    required: ["number"],
  },
  async execute({ number }) {
    if (!number) return { error: "Give the order number." };
    history.pushState({}, "", `/orders/${encodeURIComponent(number)}`);
    return { shown: number };
  },
};

export async function registerStoreTools(signal) {
  if (!("modelContext" in document)) return;
  for (const tool of [searchProducts, searchProductsV1, addToCart, getOrder, showOrder]) {
    await document.modelContext.registerTool(tool, { signal });
  }
}
