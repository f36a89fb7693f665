import { Component, OnDestroy, OnInit, inject, signal } from "@angular/core";
import { CurrencyPipe, DatePipe } from "@angular/common";
import { OrderService, type Order } from "./order.service";
import { registerOrderTools } from "./order-tools";

@Component({
  selector: "app-orders",
  imports: [CurrencyPipe, DatePipe],
  template: `
    <h1>Your orders</h1>
    @for (order of orders(); track order.id) {
      <article class="order">
        <h2>#{{ order.id }} · {{ order.placedAt | date }}</h2>
        <p>{{ order.status }} · {{ order.total | currency: "EUR" }}</p>
      </article>
    } @empty {
      <p>No orders yet.</p>
    }
  `,
})
export class OrdersComponent implements OnInit, OnDestroy {
  private readonly orderService = inject(OrderService);
  readonly orders = signal<Order[]>([]);
  private disposeTools: () => void = () => undefined;

  async ngOnInit() {
    this.disposeTools = registerOrderTools(this.orderService, (orders) => this.orders.set(orders));
    this.orders.set(await this.orderService.list());
  }

  ngOnDestroy() {
    this.disposeTools();
  }
}
