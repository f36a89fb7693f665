export type Product = { sku: string; title: string; price: number; stock: number };
export type Order = { id: string; status: "placed" | "shipped" | "delivered" | "returned"; total: number };

export class Api {
  constructor(private readonly base = "/api") {}

  async get<T>(path: string, signal?: AbortSignal): Promise<T> {
    const res = await fetch(`${this.base}${path}`, { signal });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    return res.json() as Promise<T>;
  }

  async post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status}`);
    return res.json() as Promise<T>;
  }
}

export const api = new Api();
