import { flightsApi, type Booking, type Flight } from "~/api/flights";

export type TripActions = {
  results: Flight[];
  setResults(results: Flight[]): void;
  select(flight: Flight | null): void;
  setBooking(booking: Booking | null): void;
  navigate(path: string): void;
};

type SearchInput = {
  origin: string;
  destination: string;
  departDate: string;
  returnDate?: string;
  passengers?: number;
  cabin?: string;
};

export function makeHandlers(trip: TripActions) {
  return {
    async searchFlights(input: SearchInput) {
      const params = new URLSearchParams({
        from: input.origin,
        to: input.destination,
        depart: input.departDate,
        adults: String(input.passengers ?? 1),
        cabin: input.cabin ?? "economy",
      });
      if (input.returnDate) params.set("return", input.returnDate);
      const flights = await flightsApi.search(params);
      trip.setResults(flights);
      trip.navigate(`/?${params}`);
      return { count: flights.length, cheapest: flights[0] ?? null };
    },

    listResults() {
      return trip.results.map((f) => ({
        flightId: f.id,
        carrier: f.carrier,
        departs: f.departs,
        stops: f.stops,
        priceEur: f.priceEur,
      }));
    },

    selectFlight({ flightId }: { flightId: string }) {
      const flight = trip.results.find((f) => f.id === flightId);
      if (!flight) {
        throw new Error(`No flight ${flightId} in the current results`);
      }
      trip.select(flight);
      return { selected: flight.id, priceEur: flight.priceEur };
    },

    async bookFlight({ flightId, travellers }: { flightId: string; travellers: unknown[] }) {
      const booking = await flightsApi.book(flightId, travellers);
      trip.setBooking(booking);
      trip.navigate(`/checkout?ref=${booking.ref}`);
      return booking;
    },

    async cancelBooking({ bookingRef }: { bookingRef: string }) {
      const booking = await flightsApi.cancel(bookingRef);
      trip.setBooking(booking);
      return { ref: booking.ref, status: booking.status };
    },

    async getItinerary({ bookingRef }: { bookingRef: string }) {
      try {
        return await flightsApi.booking(bookingRef);
      } catch (error) {
        return { error: `Could not load booking ${bookingRef}: ${(error as Error).message}` };
      }
    },
  };
}
