// An Angular service that gives agents its tools for as long as the service lives:
// declareExperimentalWebMcpTool registers in the injection context and unregisters when
// the injector is destroyed.
import { Injectable, declareExperimentalWebMcpTool, signal } from "@angular/core";

export interface CartLine {
  productId: string;
  title: string;
  quantity: number;
  unitPrice: number;
}

@Injectable({ providedIn: "root" })
export class CartService {
  readonly lines = signal<CartLine[]>([]);

  constructor() {
    declareExperimentalWebMcpTool({
      name: "show_cart",
      description:
        "Lists the products in the shopping cart with quantities and prices. Use when the user asks what is in their cart.",
      inputSchema: { type: "object", properties: {} },
      annotations: { readOnlyHint: true },
      execute: async () => ({
        lines: this.lines().map(({ title, quantity, unitPrice }) => ({ title, quantity, unitPrice })),
      }),
    });

    declareExperimentalWebMcpTool({
      name: "change_quantity",
      description:
        "Changes how many units of a product the cart holds. Use when the user wants more or fewer of something already in the cart.",
      inputSchema: {
        type: "object",
        properties: {
          productId: { type: "string", description: "Product identifier as listed by show_cart" },
          quantity: { type: "integer", minimum: 1, maximum: 20, description: "New number of units" },
        },
        required: ["productId", "quantity"],
      },
      execute: async ({ productId, quantity }) => {
        const line = this.lines().find((candidate) => candidate.productId === productId);
        if (!line) {
          return { error: "That product is not in the cart; call show_cart to see what is." };
        }
        if (!Number.isInteger(quantity) || quantity < 1 || quantity > 20) {
          return { error: "The number of units must be a whole number from 1 to 20." };
        }
        this.lines.update((lines) =>
          lines.map((candidate) => (candidate === line ? { ...candidate, quantity } : candidate)),
        );
        return { productId, quantity };
      },
    });
  }
}
