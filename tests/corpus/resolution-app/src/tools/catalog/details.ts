import { api, type Product } from "@/api/client";
import { SKU_SCHEMA } from "@tools/shared/schemas";

const REGION = import.meta.env.VITE_REGION ?? "EU";

export default {
  name: "get_product_details",
  description: `Get a product's full details: price in the ${REGION} shop, stock, sizes and care instructions.`,
  inputSchema: SKU_SCHEMA,
  annotations: { readOnlyHint: true },
  async execute(input, { signal }) {
    const { sku } = input as { sku: string };
    try {
      return await api.get<Product>(`/products/${sku}`, signal);
    } catch {
      return { error: `No product with SKU ${sku}. Use search_catalog to find SKUs.` };
    }
  },
} satisfies WebMCP.ModelContextTool;
