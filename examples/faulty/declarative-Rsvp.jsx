import { useState } from "react";

export function Rsvp() {
  const [guest, setGuest] = useState("");

  function handleSubmit(event) {
    event.preventDefault();
    const saved = fetch("/api/rsvp", { method: "POST", body: guest });
    // react-submit-native-event: React's synthetic event has no agentInvoked or
    // respondWith (they are on event.nativeEvent), so the agent never gets the answer
    if (event.agentInvoked) {
      event.respondWith(saved.then((response) => response.json()));
    }
  }

  return (
    <form toolname="rsvp" tooldescription="Answers the invitation for the guest named." onSubmit={handleSubmit}>
      <label htmlFor="guest">Your name</label>
      <input id="guest" name="guest" value={guest} onChange={(e) => setGuest(e.target.value)} />
      <button>Reply</button>
    </form>
  );
}
