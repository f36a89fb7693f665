import { useWebMCP } from '@vueuse/core';
import { computed, type Ref } from 'vue';
import { cancelTicket, myTickets } from '../lib/api';

/** Tools about the signed-in member's tickets; registered only while signed in. */
export function useTicketTools(signedIn: Ref<boolean>) {
  const enabled = computed(() => signedIn.value);

  useWebMCP({
    name: 'list_my_tickets',
    description: 'Lists the tickets the signed-in member holds for upcoming meetups.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    enabled,
    async execute() {
      const tickets = await myTickets();
      return tickets ?? { error: 'Not signed in.' };
    },
  });

  useWebMCP({
    name: 'cancel_ticket',
    description: 'Cancels one of the member’s tickets and frees the seat for someone else.',
    inputSchema: {
      type: 'object',
      properties: { ticketId: { type: 'string', description: 'Ticket id from list_my_tickets' } },
      required: ['ticketId'],
    },
    annotations: { consequentialHint: true },
    enabled,
    async execute({ ticketId }) {
      const ok = await cancelTicket(String(ticketId));
      return ok ? { cancelled: true } : { cancelled: false, reason: 'No such ticket, or the event has started.' };
    },
  });
}
