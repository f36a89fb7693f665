export interface Product {
  id: string;
  title: string;
  price: number;
  category: string;
  stock: number;
}

export async function searchProducts(
  query: string,
  category: string | undefined,
  signal?: AbortSignal,
): Promise<Product[]> {
  const params = new URLSearchParams({ q: query });
  if (category) params.set('category', category);
  const response = await fetch(`/api/products?${params}`, { signal });
  if (!response.ok) throw new Error(`search failed: ${response.status}`);
  return response.json();
}

export async function getProduct(id: string, signal?: AbortSignal): Promise<Product | null> {
  const response = await fetch(`/api/products/${encodeURIComponent(id)}`, { signal });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`product failed: ${response.status}`);
  return response.json();
}

export async function createOrder(body: { items: { id: string; quantity: number }[]; shipping: string }) {
  const response = await fetch('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`order failed: ${response.status}`);
  return (await response.json()) as { orderId: string; total: number };
}
