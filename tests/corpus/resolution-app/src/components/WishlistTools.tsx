import { useWebMCP } from "usewebmcp";
import { api } from "@/api/client";
import { EMPTY_SCHEMA, SKU_SCHEMA } from "@tools/shared/schemas";

export function WishlistTools({ wishlist }: { wishlist: string[] }) {
  useWebMCP({
    name: "add_to_wishlist",
    description: "Save a product to the customer's wishlist for later.",
    inputSchema: SKU_SCHEMA,
    execute: async ({ sku }) => api.post("/wishlist", { sku }),
  });

  useWebMCP({
    name: "list_wishlist",
    description: "List the SKUs saved on the customer's wishlist.",
    inputSchema: EMPTY_SCHEMA,
    annotations: { readOnlyHint: true },
    execute: async () => ({ skus: wishlist }),
  });

  return null;
}
