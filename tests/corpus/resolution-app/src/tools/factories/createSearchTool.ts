import type { Api, Order } from "@/api/client";

type Scope = "orders" | "returns";

/** A search tool over one of the customer's record types. */
export function createSearchTool(api: Api, scope: Scope): WebMCP.ModelContextTool {
  return {
    name: `search_${scope}`,
    description: `Search the customer's ${scope} by product name or order number.`,
    inputSchema: {
      type: "object",
      properties: { query: { type: "string", description: "Product name or order number" } },
      required: ["query"],
    },
    annotations: { readOnlyHint: true },
    async execute(input) {
      const { query } = input as { query: string };
      const found = await api.get<Order[]>(`/${scope}?q=${encodeURIComponent(query)}`);
      return { [scope]: found };
    },
  };
}
