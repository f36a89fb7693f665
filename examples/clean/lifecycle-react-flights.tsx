// A React search page whose tools live exactly as long as the page: useWebMCP registers
// them on mount, unregisters them on unmount, and re-registers when `enabled` changes.
// Errors are thrown: the hook turns a throw into an `isError` result for the agent.
import { useState } from "react";
import { useWebMCP } from "use-webmcp-tool";

interface Flight {
  id: string;
  carrier: string;
  departs: string;
  price: number;
}

const SEARCH_SCHEMA = {
  type: "object",
  properties: {
    destination: {
      type: "string",
      description: "Airport code (for example JFK) or city name, as the user said it",
    },
    date: { type: "string", description: "Departure day in YYYY-MM-DD form" },
  },
  required: ["destination", "date"],
};

const PICK_SCHEMA = {
  type: "object",
  properties: {
    flightId: { type: "string", description: "Identifier of a flight from the search results" },
  },
  required: ["flightId"],
};

export function FlightSearch() {
  const [flights, setFlights] = useState<Flight[]>([]);
  const [picked, setPicked] = useState<string | null>(null);

  const { registered } = useWebMCP({
    name: "search_flights",
    description:
      "Finds available flights for a trip. Use when the user wants to see flight options before choosing one.",
    inputSchema: SEARCH_SCHEMA,
    annotations: { readOnlyHint: true },
    async execute({ destination, date }, { signal }) {
      if (!destination || !date) {
        throw new Error("Give both where to fly and the day of departure.");
      }
      const query = new URLSearchParams({ destination, date });
      const response = await fetch(`/api/flights?${query}`, { signal });
      if (!response.ok) {
        throw new Error(`Flight search is unavailable (${response.status}). Try again later.`);
      }
      const results: Flight[] = await response.json();
      return { count: results.length, flights: results.slice(0, 5) };
    },
  });

  useWebMCP({
    name: "highlight_flight",
    description:
      "Highlights one flight in the result list on screen. Use when the user points at a flight they like.",
    inputSchema: PICK_SCHEMA,
    enabled: flights.length > 0,
    async execute({ flightId }) {
      if (!flights.some((flight) => flight.id === flightId)) {
        throw new Error("That flight is not in the current results; search again first.");
      }
      setPicked(flightId);
      return { highlighted: flightId };
    },
  });

  return (
    <section>
      {registered && <p aria-live="polite">Your browser's assistant can search flights here.</p>}
      <ul>
        {flights.map((flight) => (
          <li key={flight.id} className={flight.id === picked ? "picked" : undefined}>
            {flight.carrier} {flight.departs} {flight.price}
          </li>
        ))}
      </ul>
      <button onClick={() => setFlights([])}>Clear</button>
    </section>
  );
}
