import { useState } from "react";

export function QuickBuy({ productId }: { productId: string }) {
  const [done, setDone] = useState(false);

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const order = await buyNow(productId);
    // respond-with-sync: too late, the submit event is over
    (event.nativeEvent as any).respondWith(Promise.resolve(order));
    setDone(true);
  }

  return (
    // form-autosubmit-value: React drops a boolean `toolautosubmit`, so it is never set
    <form toolName="buy_now" toolDescription="Buys the product with the saved card." toolautosubmit onSubmit={handleSubmit}>
      <label htmlFor="qty">Quantity</label>
      <input id="qty" name="qty" type="number" min={1} />
      {/* form-sensitive-field: a password in a tool form */}
      <label htmlFor="pw">Confirm with your password</label>
      <input id="pw" name="password" type="password" />
      <button>{done ? "Bought" : "Buy now"}</button>
    </form>
  );
}
