export interface EventSummary {
  id: string;
  title: string;
  city: string;
  startsAt: string;
  seatsLeft: number;
}

export interface Ticket {
  id: string;
  eventId: string;
  eventTitle: string;
  type: 'standard' | 'student' | 'supporter';
}

export async function findEvents(params: { q?: string; city?: string; from?: string }, signal?: AbortSignal) {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v) as [string, string][]);
  const response = await fetch(`/api/events?${query}`, { signal });
  return (await response.json()) as EventSummary[];
}

export async function myTickets(signal?: AbortSignal) {
  const response = await fetch('/api/me/tickets', { credentials: 'include', signal });
  if (response.status === 401) return null;
  return (await response.json()) as Ticket[];
}

export async function cancelTicket(id: string) {
  const response = await fetch(`/api/me/tickets/${id}`, { method: 'DELETE', credentials: 'include' });
  return response.ok;
}

export async function register(eventId: string, body: FormData) {
  const response = await fetch(`/api/events/${eventId}/registrations`, { method: 'POST', body, credentials: 'include' });
  if (!response.ok) return { ok: false as const, status: response.status };
  return { ok: true as const, ticket: (await response.json()) as Ticket };
}
