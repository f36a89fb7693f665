import { computed, signal } from '@preact/signals-core';

export interface Product {
  id: string;
  name: string;
  priceCents: number;
  stock: number;
  category: 'desk' | 'floor' | 'pendant' | 'bulb';
}

export interface CartLine {
  productId: string;
  quantity: number;
}

export const products = signal<Product[]>([]);
export const cart = signal<CartLine[]>(JSON.parse(sessionStorage.getItem('cart') ?? '[]'));

export const cartCount = computed(() => cart.value.reduce((sum, line) => sum + line.quantity, 0));
export const cartTotalCents = computed(() =>
  cart.value.reduce((sum, line) => {
    const product = products.value.find((p) => p.id === line.productId);
    return sum + (product ? product.priceCents * line.quantity : 0);
  }, 0),
);

export const formatPrice = (cents: number) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' }).format(cents / 100);

function save(lines: CartLine[]) {
  cart.value = lines;
  sessionStorage.setItem('cart', JSON.stringify(lines));
}

export async function loadProducts(signal?: AbortSignal) {
  const response = await fetch('/api/products', { signal });
  products.value = await response.json();
}

export function addToCart(productId: string, quantity = 1): CartLine | { error: string } {
  const product = products.value.find((p) => p.id === productId);
  if (!product) return { error: `No product with id ${productId}.` };
  const current = cart.value.find((line) => line.productId === productId)?.quantity ?? 0;
  if (current + quantity > product.stock) return { error: `Only ${product.stock} in stock.` };
  const line = { productId, quantity: current + quantity };
  save([...cart.value.filter((l) => l.productId !== productId), line]);
  return line;
}

export function removeFromCart(productId: string) {
  save(cart.value.filter((line) => line.productId !== productId));
}

export async function placeOrder(): Promise<{ orderId: string; totalCents: number }> {
  const response = await fetch('/api/orders', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify({ lines: cart.value }),
  });
  if (!response.ok) throw new Error(`Order failed (HTTP ${response.status})`);
  const order = await response.json();
  save([]);
  return order;
}
