import { useMemo } from "react";
import { useNavigate } from "react-router-dom";
import { useWebMCP } from "usewebmcp";
import { useTrip } from "~/api/trip";
import { makeHandlers } from "./handlers";
import {
  BOOKING_REF_SCHEMA,
  BOOKING_SCHEMA,
  EMPTY_SCHEMA,
  FLIGHT_ID_SCHEMA,
  FLIGHT_SEARCH_SCHEMA,
} from "./schemas";

/** Every flight tool the agent can use. Rendered once, at the top of the app. */
export function TravelTools() {
  const trip = useTrip();
  const navigate = useNavigate();
  const handlers = useMemo(() => makeHandlers({ ...trip, navigate }), [trip, navigate]);
  const hasResults = trip.results.length > 0;

  useWebMCP({
    name: "search_flights",
    description:
      "Search flights between two cities and show the results on the page. Returns how many flights were found and the cheapest one.",
    inputSchema: FLIGHT_SEARCH_SCHEMA,
    execute: handlers.searchFlights,
  });

  useWebMCP({
    name: "list_results",
    description: "List the flights from the last search with id, carrier, times, stops and price.",
    inputSchema: EMPTY_SCHEMA,
    annotations: { readOnlyHint: true },
    enabled: hasResults,
    execute: async () => handlers.listResults(),
  });

  useWebMCP({
    name: "select_flight",
    description: "Select one flight from the results so the user can review it before booking.",
    inputSchema: FLIGHT_ID_SCHEMA,
    enabled: hasResults,
    execute: async (input) => handlers.selectFlight(input),
  });

  useWebMCP({
    name: "book_flight",
    description:
      "Book a flight for the given travellers and charge the card saved on the account. Only call this after the user confirmed the flight and the price.",
    inputSchema: BOOKING_SCHEMA,
    enabled: hasResults,
    execute: handlers.bookFlight,
  });

  useWebMCP({
    name: "cancel_booking",
    description: "Cancel a booking by its reference. Refunds follow the fare rules.",
    inputSchema: BOOKING_REF_SCHEMA,
    execute: handlers.cancelBooking,
  });

  useWebMCP({
    name: "get_itinerary",
    description: "Look up a booking and its flights by booking reference.",
    inputSchema: BOOKING_REF_SCHEMA,
    annotations: { readOnlyHint: true },
    execute: handlers.getItinerary,
  });

  return null;
}
