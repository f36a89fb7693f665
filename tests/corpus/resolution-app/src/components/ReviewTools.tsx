import { useWebMCPTool, WebMCPForm, WebMCPInput, WebMCPTextarea } from "react-webmcp";
import { api } from "@/api/client";

type Review = { author: string; rating: number; text: string };

export function ReviewTools({ sku }: { sku: string }) {
  useWebMCPTool({
    name: "get_reviews",
    description: "Read customer reviews of the product on this page, newest first.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    execute: async () => {
      const reviews = await api.get<Review[]>(`/products/${sku}/reviews`);
      return { content: [{ type: "text", text: JSON.stringify(reviews) }] };
    },
  });

  return (
    <WebMCPForm
      toolName="submit_review"
      toolDescription="Publish a review of the product on this page under the customer's name."
      action={`/api/products/${sku}/reviews?source=web&lang=en`}
      method="post"
    >
      <label htmlFor="rv-rating">Rating</label>
      <WebMCPInput id="rv-rating" name="rating" type="number" min={1} max={5} required />
      <label htmlFor="rv-text">Review</label>
      <WebMCPTextarea id="rv-text" name="text" required toolParamDescription="What the customer liked & disliked" />
      <p className="hint">
        Please read the <a href="/help?topic=reviews&lang=en">review guidelines</a> first.
      </p>
      <button type="submit">Publish</button>
    </WebMCPForm>
  );
}
