// Help-desk tools in TypeScript: ticket text is user-written, so reading tools say so;
// replying to a customer is consequential; a report export is polled with the signal.
type Ticket = { id: string; subject: string; body: string; status: "open" | "closed" };

const STATUSES = ["open", "closed"] as const;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

async function getJson<T>(path: string, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) throw signal.reason; // its only throw passes the abort on
  const response = await fetch(path, { signal });
  return response.ok ? ((await response.json()) as T) : null;
}

const listTickets: WebMCP.ModelContextTool = {
  name: "list_tickets",
  description: "Lists support tickets, newest first, with their subject and first lines.",
  inputSchema: {
    type: "object",
    properties: {
      status: { type: "string", enum: [...STATUSES], description: "Only tickets in this state" },
      limit: { type: "integer", minimum: 1, maximum: 25, default: 10, description: "How many" },
    },
  },
  annotations: { readOnlyHint: true, untrustedContentHint: true },
  async execute(input, { signal }) {
    const { status, limit = 10 } = input as { status?: string; limit?: number };
    if (status !== undefined && !STATUSES.some((s) => s === status)) {
      return { error: `status must be one of: ${STATUSES.join(", ")}.` };
    }
    const query = status ? `?status=${status}` : "";
    const tickets = await getJson<Ticket[]>(`/api/tickets${query}`, signal);
    if (tickets === null) return { error: "The ticket list is unavailable.", retryable: true };
    return tickets.slice(0, Math.min(limit, 25)).map(({ id, subject, body }) => ({
      id,
      subject,
      preview: body.slice(0, 200),
    }));
  },
};

const sendReply: WebMCP.ModelContextTool = {
  name: "send_ticket_reply",
  description: "Sends a reply to the customer who opened a ticket. Use after the user approved the text.",
  inputSchema: {
    type: "object",
    properties: {
      ticketId: { type: "string", description: "Ticket id from list_tickets" },
      message: { type: "string", maxLength: 4000, description: "The reply, as approved by the user" },
    },
    required: ["ticketId", "message"],
  },
  annotations: { consequentialHint: true },
  async execute(input, { signal }) {
    const { ticketId, message } = input as { ticketId?: string; message?: string };
    if (!ticketId || !message?.trim()) {
      return { error: "Both the ticket id and the reply text are needed." };
    }
    const response = await fetch(`/api/tickets/${encodeURIComponent(ticketId)}/replies`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ message }),
      signal,
    });
    if (response.status === 404) return { error: `No ticket ${ticketId}.`, retryable: false };
    if (!response.ok) return { error: "The reply was not sent.", retryable: true };
    return { sent: true, ticketId };
  },
};

const exportReport: WebMCP.ModelContextTool = {
  name: "export_ticket_report",
  description: "Builds a spreadsheet of last month's tickets and returns its download link.",
  async execute(_input, { signal }) {
    const job = await getJson<{ id: string }>("/api/reports?month=last", signal);
    if (job === null) return { error: "The report could not be started.", retryable: true };
    while (!signal.aborted) {
      const state = await getJson<{ done: boolean; url?: string }>(`/api/reports/${job.id}`, signal);
      if (state?.done) return { url: state.url };
      await sleep(2000, signal);
    }
    return { error: "Cancelled." };
  },
};

export async function registerSupportTools(signal: AbortSignal): Promise<void> {
  if (!("modelContext" in document) || !document.modelContext) return;
  for (const tool of [listTickets, sendReply, exportReport]) {
    await document.modelContext.registerTool(tool, { signal });
  }
}
