import { Injectable, declareExperimentalWebMcpTool, inject } from "@angular/core";
import { HttpClient } from "@angular/common/http";
import { Router } from "@angular/router";
import { firstValueFrom } from "rxjs";
import { CartService } from "./cart.service";

/**
 * Cart tools for agents. Declared in a root service constructor so they are
 * registered exactly once and removed with the application.
 */
@Injectable({ providedIn: "root" })
export class CartToolsService {
  private readonly cart = inject(CartService);
  private readonly http = inject(HttpClient);
  private readonly router = inject(Router);

  constructor() {
    declareExperimentalWebMcpTool({
      name: "add_to_cart",
      description: "Put a product in the shopping cart. Use search_products to find the SKU first.",
      inputSchema: {
        type: "object",
        properties: {
          sku: { type: "string", description: "Product SKU from search_products" },
          quantity: { type: "integer", minimum: 1, maximum: 20, default: 1 },
        },
        required: ["sku"],
      },
      execute: async ({ sku, quantity }) => {
        const product = await firstValueFrom(
          this.http.get<{ sku: string; title: string; price: number }>(`/api/products/${sku}`),
        );
        this.cart.add({ sku: product.sku, title: product.title, unitPrice: product.price, quantity });
        return { added: product.sku, quantity, cartTotal: this.cart.total() };
      },
    });

    declareExperimentalWebMcpTool({
      name: "remove_from_cart",
      description: "Take a product out of the shopping cart.",
      inputSchema: {
        type: "object",
        properties: { sku: { type: "string" } },
        required: ["sku"],
      },
      execute: async ({ sku }) =>
        this.cart.remove(sku)
          ? { removed: sku, cartTotal: this.cart.total() }
          : { removed: null, message: `${sku} is not in the cart.` },
    });

    declareExperimentalWebMcpTool({
      name: "checkout",
      description:
        "Place the order for everything in the cart and pay with the customer's saved card. Ask the user to confirm the total first.",
      inputSchema: { type: "object", properties: {} },
      annotations: { consequentialHint: true },
      execute: async () => {
        if (this.cart.lines().length === 0) {
          return { ordered: false, message: "The cart is empty." };
        }
        const order = await firstValueFrom(
          this.http.post<{ id: string; total: number }>("/api/orders", { lines: this.cart.lines() }),
        );
        this.cart.clear();
        await this.router.navigate(["/orders"], { queryParams: { placed: order.id } });
        return { ordered: true, orderId: order.id, total: order.total };
      },
    });
  }
}
