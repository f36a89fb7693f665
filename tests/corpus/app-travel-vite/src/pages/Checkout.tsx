import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";

type Quote = { totalEur: number; discountEur: number; promo?: string };

export function Checkout() {
  const [params] = useSearchParams();
  const bookingRef = params.get("ref");
  const [quote, setQuote] = useState<Quote | null>(null);

  useEffect(() => {
    if (!bookingRef || !("modelContext" in document)) return;
    const controller = new AbortController();

    document.modelContext
      .registerTool(
        {
          name: "apply_promo_code",
          description: "Apply a promotional code to the booking being paid for and show the new total.",
          inputSchema: {
            type: "object",
            properties: {
              code: { type: "string", description: "Promo code as printed, e.g. SPRING25" },
            },
            required: ["code"],
          },
          async execute(input, { signal }) {
            const ref = input.bookingRef ?? bookingRef;
            const res = await fetch(`/api/bookings/${ref}/promo`, {
              method: "POST",
              body: JSON.stringify({ code: String(input.code).trim().toUpperCase() }),
              signal,
            });
            if (res.status === 422) return { applied: false, reason: "This code is not valid for this booking." };
            const next: Quote = await res.json();
            setQuote(next);
            return { applied: true, totalEur: next.totalEur, discountEur: next.discountEur };
          },
        },
        { signal: controller.signal },
      )
      .catch((error) => console.warn("apply_promo_code not registered", error));

    return () => controller.abort();
  }, [bookingRef]);

  return (
    <main>
      <h1>Checkout</h1>
      <a className="help" href="/help?topic=promo-codes&lang=en">
        Where do I find my promo code?
      </a>
      {quote && (
        <p>
          Total €{quote.totalEur} {quote.discountEur > 0 && <>(you save €{quote.discountEur})</>}
        </p>
      )}
    </main>
  );
}
