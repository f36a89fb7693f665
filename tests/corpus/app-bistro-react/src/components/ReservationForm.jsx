import { useState } from "react";
import { WebMCPForm, WebMCPInput, WebMCPSelect, useToolEvent } from "react-webmcp";

const SLOTS = ["12:00", "12:30", "13:00", "19:00", "19:30", "20:00", "20:30", "21:00"];

export default function ReservationForm() {
  const [status, setStatus] = useState(null);

  useToolEvent("toolactivated", () => setStatus("Your assistant is filling in the booking…"), "book_table");

  async function confirm(data) {
    const res = await fetch("/api/reservations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(data),
    });
    const body = await res.json();
    if (!res.ok) return `Booking failed: ${body.message}`;
    setStatus(`Table booked for ${data.guests} on ${data.date} at ${data.time}.`);
    return `Booked: reference ${body.reference}, ${data.guests} guests, ${data.date} ${data.time}.`;
  }

  function onSubmit(e) {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.target));
    const result = confirm(data);
    if (e.agentInvoked) {
      e.respondWith(result);
    }
  }

  return (
    <section id="book">
      <h2>Réserver une table</h2>
      <WebMCPForm
        toolName="book_table"
        toolDescription="Book a table at Le Petit Zinc for lunch or dinner. Returns the booking reference."
        onSubmit={onSubmit}
      >
        <label htmlFor="r-name">Name</label>
        <WebMCPInput id="r-name" name="name" required toolParamDescription="Name the table is booked under" />

        <label htmlFor="r-phone">Phone</label>
        <WebMCPInput id="r-phone" name="phone" type="tel" required />

        <label htmlFor="r-date">Date</label>
        <WebMCPInput id="r-date" name="date" type="date" required />

        <label htmlFor="r-time">Time</label>
        <WebMCPSelect id="r-time" name="time" required toolParamDescription="Seating time">
          {SLOTS.map((slot) => (
            <option key={slot} value={slot}>
              {slot}
            </option>
          ))}
        </WebMCPSelect>

        <label htmlFor="r-guests">Guests</label>
        <WebMCPInput id="r-guests" name="guests" type="number" min={1} max={10} defaultValue={2} />

        <button type="submit">Book</button>
      </WebMCPForm>
      {status && <p role="status">{status}</p>}
    </section>
  );
}
