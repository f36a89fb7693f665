import { z } from "zod";
import { useWebMCP } from "@mcp-b/react-webmcp";
import { api } from "@/api/client";

export function PromoTools() {
  useWebMCP({
    name: "apply_coupon",
    description: "Apply a coupon code to the cart and return the new total.",
    inputSchema: {
      code: z.string().regex(/^[A-Z0-9-]{4,20}$/).describe("Coupon code, e.g. SUMMER-15"),
    },
    handler: async ({ code }) => {
      const cart = await api.post<{ total: number; discount: number }>("/cart/coupon", { code });
      return `Coupon ${code} applied: -${cart.discount.toFixed(2)} €, new total ${cart.total.toFixed(2)} €.`;
    },
  });
  return null;
}
