// The page's own code that rule examples refer to but do not define (helpers such as
// `loadProducts()` or a `searchTool` defined elsewhere in a real page). Every page the
// browser tests open runs this before its own scripts. Playwright wraps init scripts in
// a function, so the helpers are assigned to `globalThis` to become plain globals.
//
// Keep each stub harmless and realistic: it must not touch the WebMCP API, and it should
// return what a real helper would. An example that uses a name defined neither here nor
// by the browser fails with a ReferenceError naming it: add the helper here.

const loadProducts = () => Promise.resolve([{ sku: "TS-01", name: "Trail shoe", price: 89 }]);
const loadArticles = () => Promise.resolve([{ id: "returns", title: "How to return an item" }]);

Object.assign(globalThis, {
  loadProducts,
  loadArticles,
  findProducts: () => loadProducts(),
  findArticles: () => loadArticles(),
  nearestStore: (city) => ({ city, address: "1 Main Street", opens: "09:00" }),
  forecast: (input) => ({ city: input?.city ?? input, days: ["sunny", "cloudy", "rain"] }),
  removeAddress: (id) => Promise.resolve(id),
  openHelpPanel: () => {},
  // A page's own confirmation dialog, answered "yes" as a user would.
  confirmDialog: { ask: async () => true },
  cart: new Set(),
  closeButton: document.createElement("button"),
  searchTool: {
    name: "search_products",
    description: "Finds products by keyword. Use when the user looks for something to buy.",
    annotations: { readOnlyHint: true },
    execute: async () => ({ results: await loadProducts() }),
  },
});
