import { create } from 'zustand';

export interface CartLine {
  id: string;
  title: string;
  price: number;
  quantity: number;
}

interface CartState {
  lines: CartLine[];
  coupon: string | null;
  add(line: Omit<CartLine, 'quantity'>, quantity: number): void;
  remove(id: string): boolean;
  setCoupon(code: string | null): void;
  clear(): void;
}

export const useCart = create<CartState>((set, get) => ({
  lines: [],
  coupon: null,
  add(line, quantity) {
    const existing = get().lines.find((l) => l.id === line.id);
    set({
      lines: existing
        ? get().lines.map((l) => (l.id === line.id ? { ...l, quantity: l.quantity + quantity } : l))
        : [...get().lines, { ...line, quantity }],
    });
  },
  remove(id) {
    const before = get().lines.length;
    set({ lines: get().lines.filter((l) => l.id !== id) });
    return get().lines.length < before;
  },
  setCoupon(code) {
    set({ coupon: code });
  },
  clear() {
    set({ lines: [], coupon: null });
  },
}));

export function cartTotal(lines: CartLine[]): number {
  return Math.round(lines.reduce((sum, l) => sum + l.price * l.quantity, 0) * 100) / 100;
}
