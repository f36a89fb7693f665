import { Injectable, computed, signal } from "@angular/core";

export interface CartLine {
  sku: string;
  title: string;
  unitPrice: number;
  quantity: number;
}

@Injectable({ providedIn: "root" })
export class CartService {
  readonly lines = signal<CartLine[]>([]);
  readonly total = computed(() => this.lines().reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));

  add(line: CartLine) {
    this.lines.update((lines) => {
      const existing = lines.find((l) => l.sku === line.sku);
      if (existing) return lines.map((l) => (l.sku === line.sku ? { ...l, quantity: l.quantity + line.quantity } : l));
      return [...lines, line];
    });
  }

  remove(sku: string): boolean {
    const before = this.lines().length;
    this.lines.update((lines) => lines.filter((l) => l.sku !== sku));
    return this.lines().length < before;
  }

  clear() {
    this.lines.set([]);
  }
}
