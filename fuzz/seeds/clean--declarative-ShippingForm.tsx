import { useState, type FormEvent } from "react";

type AgentSubmitEvent = SubmitEvent & {
  agentInvoked: boolean;
  respondWith(result: Promise<unknown>): void;
};

async function saveAddress(data: FormData): Promise<{ ok: boolean }> {
  const response = await fetch("/api/address", { method: "POST", body: data });
  return response.json();
}

export function ShippingForm() {
  const [saved, setSaved] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const native = event.nativeEvent as AgentSubmitEvent;
    const result = saveAddress(new FormData(event.currentTarget));
    if (native.agentInvoked) {
      native.respondWith(result);
    } else {
      result.then(() => setSaved(true));
    }
  }

  return (
    <form
      toolName="set_shipping_address"
      toolDescription="Fills in the shipping address for the current order. Use when the user tells you where to deliver; the user reviews and saves it."
      onSubmit={handleSubmit}
    >
      <label htmlFor="street">Street and number</label>
      <input id="street" name="street" autoComplete="street-address" required />
      <label htmlFor="city">City</label>
      <input id="city" name="city" autoComplete="address-level2" required />
      <label htmlFor="zip">Postal code</label>
      <input id="zip" name="zip" autoComplete="postal-code" pattern="[0-9]{5}" required />
      <button>{saved ? "Saved" : "Save address"}</button>
    </form>
  );
}
