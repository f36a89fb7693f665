/// <reference types="webmcp-types" />
// Restaurant reservations: a read-only availability check and a booking that the agent
// must confirm with the user (consequentialHint).

interface Slot {
  time: string;
  tables: number;
}

const SEATING = ["indoor", "terrace", "bar"] as const;
type Seating = (typeof SEATING)[number];

function isSeating(value: unknown): value is Seating {
  return typeof value === "string" && (SEATING as readonly string[]).includes(value);
}

export async function registerReservationTools(restaurantId: string): Promise<void> {
  if (!("modelContext" in document)) return;

  await document.modelContext.registerTool({
    name: "check_availability",
    title: "Check availability",
    description:
      "Lists the free table times for a party on a given evening. Use before suggesting a time, or when the user asks if the restaurant has room.",
    inputSchema: {
      type: "object",
      properties: {
        date: { type: "string", description: "The evening, as an ISO date or as the user said it" },
        partySize: { type: "integer", minimum: 1, maximum: 12, description: "How many people are coming" },
        seating: { type: "string", enum: [...SEATING], description: "Where the party would like to sit" },
      },
      required: ["date", "partySize"],
    },
    annotations: { readOnlyHint: true },
    async execute(input: { date?: string; partySize?: number; seating?: string }, { signal }) {
      const { date, partySize, seating } = input;
      if (!date) return { error: "Say which evening.", code: "MISSING_DATE" };
      if (!Number.isInteger(partySize) || (partySize ?? 0) < 1) {
        return { error: "Give the number of people.", code: "BAD_PARTY_SIZE" };
      }
      if (seating !== undefined && !isSeating(seating)) {
        return { error: `Seating is one of ${SEATING.join(", ")}.`, code: "BAD_SEATING" };
      }
      const params = new URLSearchParams({ date, party: String(partySize), seating: seating ?? "" });
      const response = await fetch(`/api/restaurants/${restaurantId}/slots?${params}`, { signal });
      if (!response.ok) return { error: "Availability is unavailable right now.", retryable: true };
      const slots: Slot[] = await response.json();
      return { times: slots.filter((slot) => slot.tables > 0).map((slot) => slot.time) };
    },
  });

  await document.modelContext.registerTool({
    name: "book_table",
    title: "Book a table",
    description:
      "Books a table for a party at a chosen time and sends the confirmation to the guest. Use once the user has agreed on a time.",
    inputSchema: {
      type: "object",
      properties: {
        time: { type: "string", description: "A time returned by check_availability" },
        partySize: { type: "integer", minimum: 1, maximum: 12, description: "How many people are coming" },
        guestName: { type: "string", description: "Name the table is held under" },
      },
      required: ["time", "partySize", "guestName"],
    },
    annotations: { consequentialHint: true },
    async execute(input: { time?: string; partySize?: number; guestName?: string }, { signal }) {
      const { time, partySize, guestName } = input;
      if (!time || !guestName || !Number.isInteger(partySize)) {
        return { error: "A booking needs a time, a party size and a name.", code: "INCOMPLETE" };
      }
      const response = await fetch(`/api/restaurants/${restaurantId}/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ time, partySize, guestName }),
        signal,
      });
      if (response.status === 409) {
        return { error: "That time was just taken; check availability again.", code: "TAKEN" };
      }
      if (!response.ok) return { error: "The booking did not go through.", retryable: true };
      const booking: { reference: string } = await response.json();
      return { reference: booking.reference, time, partySize };
    },
  });
}
