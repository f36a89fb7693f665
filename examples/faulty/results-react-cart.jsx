// use-webmcp-tool reports whatever execute returns as a success: its error channel is
// the throw.
import { useWebMCP } from "use-webmcp-tool";

export function AddToCart({ cart, catalog }) {
  useWebMCP({
    name: "add_to_cart",
    description: "Adds a product to the shopping cart.",
    inputSchema: {
      type: "object",
      properties: { productId: { type: "string", description: "Id from find_product" } },
      required: ["productId"],
    },
    annotations: { consequentialHint: true },
    execute: async ({ productId }) => {
      const product = typeof productId === "string" ? catalog.get(productId) : undefined;
      if (!product) return { error: "No product with that id. Call find_product first." };
      cart.add(product);
      return { added: product.name };
    },
  });
  return null;
}
