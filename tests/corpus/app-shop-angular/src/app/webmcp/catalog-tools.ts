import { inject, type WebMcpToolDescriptor } from "@angular/core";
import { HttpClient } from "@angular/common/http";
import { firstValueFrom } from "rxjs";
import { CartService } from "@app/services/cart.service";

interface Product {
  sku: string;
  title: string;
  price: number;
  inStock: boolean;
}

export const searchProductsTool: WebMcpToolDescriptor = {
  name: "search_products",
  description:
    "Search the Northwind catalogue by keyword. Returns up to 20 products with SKU, title, price and stock.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", minLength: 2, description: "Keywords, e.g. 'cast iron pan'" },
      inStockOnly: { type: "boolean", description: "Leave out products that are out of stock" },
    },
    required: ["query"],
  },
  annotations: { readOnlyHint: true },
  execute: async ({ query, inStockOnly }) => {
    const http = inject(HttpClient);
    const products = await firstValueFrom(
      http.get<Product[]>("/api/products", { params: { q: String(query) } }),
    );
    const found = inStockOnly ? products.filter((p) => p.inStock) : products;
    return { products: found.slice(0, 20) };
  },
};

export const getCartTool: WebMcpToolDescriptor = {
  name: "get_cart",
  description: "Show what is in the shopping cart and the cart total.",
  inputSchema: { type: "object", properties: {} },
  annotations: { readOnlyHint: true },
  execute: async () => {
    const cart = inject(CartService);
    return { lines: cart.lines(), total: cart.total() };
  },
};
