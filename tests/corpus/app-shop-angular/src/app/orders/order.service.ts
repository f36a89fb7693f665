import { Injectable, inject } from "@angular/core";
import { HttpClient } from "@angular/common/http";
import { firstValueFrom } from "rxjs";

export interface Order {
  id: string;
  placedAt: string;
  status: "processing" | "shipped" | "delivered" | "cancelled";
  total: number;
}

@Injectable({ providedIn: "root" })
export class OrderService {
  private readonly http = inject(HttpClient);

  list(): Promise<Order[]> {
    return firstValueFrom(this.http.get<Order[]>("/api/orders"));
  }

  cancel(id: string): Promise<Order> {
    return firstValueFrom(this.http.post<Order>(`/api/orders/${id}/cancel`, {}));
  }
}
