import { useState } from "react";
import { WebMCP } from "react-webmcp";

export default function FeedbackPanel() {
  const [sent, setSent] = useState(false);

  async function send(input) {
    if (!input.rating) {
      throw new Error("rating is required");
    }
    await fetch("/api/feedback", { method: "POST", body: JSON.stringify(input) });
    setSent(true);
    return { content: [{ type: "text", text: "Thanks, your feedback was sent to the chef." }] };
  }

  if (sent) return <p>Merci ! We read every message.</p>;

  return (
    <section id="feedback">
      <h2>How was your meal?</h2>
      <WebMCP.Tool
        name="submit_feedback"
        description="Send feedback about a meal at Le Petit Zinc to the restaurant, with a rating from 1 to 5."
        onExecute={send}
      >
        <select name="rating" required>
          <option value="5">★★★★★ Excellent</option>
          <option value="4">★★★★ Good</option>
          <option value="3">★★★ Fine</option>
          <option value="2">★★ Poor</option>
          <option value="1">★ Bad</option>
        </select>
        <textarea name="comment" placeholder="Food & service" />
        <button
          onClick={(e) => {
            const form = e.currentTarget.closest("section");
            send({
              rating: Number(form.querySelector("[name=rating]").value),
              comment: form.querySelector("[name=comment]").value,
            });
          }}
        >
          Send
        </button>
      </WebMCP.Tool>
    </section>
  );
}
