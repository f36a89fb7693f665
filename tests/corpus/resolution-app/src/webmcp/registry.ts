import { searchTool, productDetailsTool } from "../tools/catalog";
import * as cart from "@tools/cart/index.ts";

/** Tools that exist on every page of the store, by key. */
const REGISTRY = {
  search: searchTool,
  details: productDetailsTool,
  addToCart: cart.addToCartTool,
  removeFromCart: cart.removeFromCartTool,
} satisfies Record<string, WebMCP.ModelContextTool>;

export default REGISTRY;
