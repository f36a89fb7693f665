import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { flightsApi } from "~/api/flights";
import { useTrip } from "~/api/trip";

export function FlightSearch() {
  const trip = useTrip();
  const navigate = useNavigate();
  const [origin, setOrigin] = useState("");
  const [destination, setDestination] = useState("");
  const [departDate, setDepartDate] = useState("");

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const params = new URLSearchParams({ from: origin, to: destination, depart: departDate });
    trip.setResults(await flightsApi.search(params));
    navigate(`/?${params}`);
  }

  return (
    <main>
      <form onSubmit={onSubmit} className="search">
        <input value={origin} onChange={(e) => setOrigin(e.target.value)} placeholder="From" />
        <input value={destination} onChange={(e) => setDestination(e.target.value)} placeholder="To" />
        <input type="date" value={departDate} onChange={(e) => setDepartDate(e.target.value)} />
        <button>Search</button>
      </form>
      <ul className="results">
        {trip.results.map((f) => (
          <li key={f.id} aria-selected={trip.selected?.id === f.id}>
            <button onClick={() => trip.select(f)}>
              {f.carrier} · {f.departs} → {f.arrives} · {f.stops === 0 ? "direct" : `${f.stops} stop(s)`} · €
              {f.priceEur}
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
