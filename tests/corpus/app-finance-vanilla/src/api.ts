export interface Transaction {
  id: string;
  date: string;
  payee: string;
  amount: number;
  category: string | null;
}

export interface Summary {
  balance: number;
  income30d: number;
  spending30d: number;
  budgets: { category: string; limit: number; spent: number }[];
}

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { credentials: "same-origin", ...init });
  if (!res.ok) throw new Error(`${init?.method ?? "GET"} ${url} failed: ${res.status}`);
  return (await res.json()) as T;
}

export const CATEGORIES = ["groceries", "rent", "transport", "eating-out", "health", "other"] as const;
