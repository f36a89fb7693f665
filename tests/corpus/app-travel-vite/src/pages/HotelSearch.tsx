import { useState } from "react";
import { useWebMCP } from "usewebmcp";

type Hotel = { id: string; name: string; stars: number; nightlyEur: number; reviewScore: number };

const HOTEL_SEARCH_SCHEMA = {
  type: "object",
  properties: {
    city: { type: "string", description: "City name, e.g. Lisbon" },
    checkIn: { type: "string", format: "date", description: "Check-in date, YYYY-MM-DD" },
    nights: { type: "integer", minimum: 1, maximum: 30 },
    minStars: { type: "integer", minimum: 1, maximum: 5 },
  },
  required: ["city", "checkIn", "nights"],
} as const;

export function HotelSearch() {
  const [hotels, setHotels] = useState<Hotel[]>([]);

  const { state } = useWebMCP({
    name: "search_hotels",
    description:
      "Find hotels in a city for the given dates and show them on the page. Results include guest review scores.",
    inputSchema: HOTEL_SEARCH_SCHEMA,
    annotations: { readOnlyHint: true },
    execute: async ({ city, checkIn, nights, minStars }) => {
      const qs = new URLSearchParams({ city, checkIn, nights: String(nights) });
      if (minStars) qs.set("minStars", String(minStars));
      const res = await fetch(`/api/hotels?${qs}`);
      if (!res.ok) {
        return { error: `Hotel search failed (${res.status}). Try another city or date.` };
      }
      const found: Hotel[] = await res.json();
      setHotels(found);
      return { hotels: found.slice(0, 8) };
    },
  });

  return (
    <main>
      <h1>Hotels</h1>
      {state.isExecuting && <p>Searching…</p>}
      <ul>
        {hotels.map((h) => (
          <li key={h.id}>
            {h.name} {"★".repeat(h.stars)} — €{h.nightlyEur}/night · {h.reviewScore}/10
          </li>
        ))}
      </ul>
    </main>
  );
}
