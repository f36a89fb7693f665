import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import type { Booking, Flight } from "./flights";

type TripState = {
  results: Flight[];
  selected: Flight | null;
  booking: Booking | null;
  setResults(results: Flight[]): void;
  select(flight: Flight | null): void;
  setBooking(booking: Booking | null): void;
};

const TripContext = createContext<TripState | null>(null);

export function TripProvider({ children }: { children: ReactNode }) {
  const [results, setResults] = useState<Flight[]>([]);
  const [selected, select] = useState<Flight | null>(null);
  const [booking, setBooking] = useState<Booking | null>(null);
  const value = useMemo(
    () => ({ results, selected, booking, setResults, select, setBooking }),
    [results, selected, booking],
  );
  return <TripContext.Provider value={value}>{children}</TripContext.Provider>;
}

export function useTrip(): TripState {
  const trip = useContext(TripContext);
  if (!trip) throw new Error("useTrip outside TripProvider");
  return trip;
}
