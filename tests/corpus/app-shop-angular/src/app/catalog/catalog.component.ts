import { Component, inject, signal } from "@angular/core";
import { HttpClient } from "@angular/common/http";
import { CurrencyPipe } from "@angular/common";
import { CartService } from "@app/services/cart.service";

interface Product {
  sku: string;
  title: string;
  price: number;
}

@Component({
  selector: "app-catalog",
  imports: [CurrencyPipe],
  template: `
    <h1>Home & Kitchen</h1>
    <ul class="grid">
      @for (p of products(); track p.sku) {
        <li>
          {{ p.title }} — {{ p.price | currency: "EUR" }}
          <button (click)="cart.add({ sku: p.sku, title: p.title, unitPrice: p.price, quantity: 1 })">Add</button>
        </li>
      }
    </ul>
  `,
})
export class CatalogComponent {
  readonly cart = inject(CartService);
  readonly products = signal<Product[]>([]);

  constructor() {
    inject(HttpClient)
      .get<Product[]>("/api/products")
      .subscribe((p) => this.products.set(p));
  }
}
