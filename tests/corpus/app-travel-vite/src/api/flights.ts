export type Flight = {
  id: string;
  carrier: string;
  departs: string;
  arrives: string;
  stops: number;
  priceEur: number;
};

export type Booking = { ref: string; flightId: string; status: "confirmed" | "cancelled" };

async function request<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`/api${path}`, {
    ...init,
    headers: { "content-type": "application/json", ...init?.headers },
  });
  if (!res.ok) {
    const body = await res.json().catch(() => ({}));
    throw new Error(body.message ?? `Request failed with ${res.status}`);
  }
  return res.json() as Promise<T>;
}

export const flightsApi = {
  search: (params: URLSearchParams) => request<Flight[]>(`/flights?${params}`),
  book: (flightId: string, travellers: unknown[]) =>
    request<Booking>("/bookings", { method: "POST", body: JSON.stringify({ flightId, travellers }) }),
  cancel: (ref: string) => request<Booking>(`/bookings/${ref}`, { method: "DELETE" }),
  booking: (ref: string) => request<Booking>(`/bookings/${ref}`),
};
