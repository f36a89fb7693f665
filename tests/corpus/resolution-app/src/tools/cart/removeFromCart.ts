import { api } from "@/api/client";
import { cartToolBase, cartEvents } from "../shared/base";

export const removeFromCartTool: WebMCP.ModelContextTool = {
  ...cartToolBase,
  name: "remove_from_cart",
  description: "Remove a product from the shopping cart.",
  async execute(input, { signal }) {
    const { sku } = input as { sku: string };
    const cart = await api.post<{ items: number; total: number }>("/cart/remove", { sku }, signal);
    cartEvents.dispatchEvent(new Event("change"));
    return { removed: sku, cartItems: cart.items, cartTotal: cart.total };
  },
};
