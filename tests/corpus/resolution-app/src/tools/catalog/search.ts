import { api, type Product } from "@/api/client";
import { STORE_NAME } from "../shared/text";

export const searchTool: WebMCP.ModelContextTool = {
  name: "search_catalog",
  description: `Search the ${STORE_NAME} catalogue by keyword. Returns up to 12 products with SKU, title, price and stock.`,
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", minLength: 2, description: "Keywords, e.g. 'linen apron'" },
      maxPrice: { type: "number", minimum: 0, description: "Highest price in euros" },
    },
    required: ["query"],
  },
  annotations: { readOnlyHint: true },
  async execute(input, { signal }) {
    const { query, maxPrice } = input as { query: string; maxPrice?: number };
    const qs = new URLSearchParams({ q: query });
    if (maxPrice !== undefined) qs.set("max_price", String(maxPrice));
    const products = await api.get<Product[]>(`/products?${qs}`, signal);
    return { products: products.slice(0, 12) };
  },
};
