const TOPICS = ["garden", "kitchen"];

// Tools written to the portability profile: names every model accepts, short
// descriptions, object roots, the JSON Schema subset of spec PR #289, and no null.
if ("modelContext" in document) {
  await document.modelContext.registerTool({
    name: "subscribe_to_offers",
    description: "Subscribes an email address to the weekly offers. Use when the user asks for offers by email.",
    inputSchema: {
      type: "object",
      properties: {
        email: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+$", description: "Email address" },
        topic: { type: "string", enum: TOPICS, description: "Only offers on this, if the user said" },
      },
      required: ["email"],
      additionalProperties: false,
    },
    async execute({ email, topic }, { signal }) {
      if (!email) return { error: "Give the email address." };
      if (topic !== undefined && !TOPICS.includes(topic)) {
        return { error: `The topic is one of: ${TOPICS.join(", ")}.` };
      }
      const response = await fetch("/api/offers", { method: "POST", body: JSON.stringify({ email, topic }), signal });
      return response.ok ? { subscribed: email } : { error: "The address was refused." };
    },
  });
}
