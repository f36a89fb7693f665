// The same gap in TSX: text, attribute strings, a fragment, next to real `&`/`&&` code.
type Props = { sku: string; open: boolean };

export function ReviewForm({ sku, open }: Props) {
  const bits = 0b1010 & 0b0110;
  return (
    <form
      toolName="submit_review"
      toolDescription="Publish a review of the product on this page."
      action={`/api/products/${sku}/reviews?source=web&lang=en`}
      method="post"
    >
      <h1>Homeware & textiles, made to last</h1>
      <textarea name="text" toolParamDescription="What the customer liked & disliked" />
      <p className="hint">
        Please read the <a href="/help?topic=reviews&lang=en">review guidelines</a> first.
        {open && bits > 1 && <b>Open & ready</b>}
      </p>
      <button type="submit">Apply & refresh</button>
    </form>
  );
}
