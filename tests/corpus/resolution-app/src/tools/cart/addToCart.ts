import { api } from "@/api/client";
import { cartToolBase, cartEvents } from "../shared/base";

export const addToCartTool: WebMCP.ModelContextTool = {
  ...cartToolBase,
  name: "add_to_cart",
  description: "Add a product to the shopping cart. The cart icon updates right away.",
  async execute(input, { signal }) {
    const { sku, quantity } = input as { sku: string; quantity?: number };
    const cart = await api.post<{ items: number; total: number }>("/cart", { sku, quantity: quantity ?? 1 }, signal);
    cartEvents.dispatchEvent(new Event("change"));
    return { added: sku, cartItems: cart.items, cartTotal: cart.total };
  },
};
