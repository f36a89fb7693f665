// Tools the browser accepts, but that models' tool APIs refuse.
const POLICY =
  "Orders can be returned within 30 days of delivery in their original packaging, with the receipt or the order number. ";

if ("modelContext" in document) {
  await document.modelContext.registerTool({
    name: "orders.find",
    description:
      "Finds an order by its number or by the email it was placed with. " +
      POLICY + POLICY + POLICY + POLICY + POLICY + POLICY + POLICY + POLICY + POLICY,
    inputSchema: {
      anyOf: [
        { type: "object", properties: { number: { type: "string", description: "Order number" } } },
        { type: "object", properties: { email: { type: "string", description: "Order email" } } },
      ],
    },
    annotations: { readOnlyHint: true },
    async execute(input, { signal }) {
      const response = await fetch("/api/orders", { method: "POST", body: JSON.stringify(input), signal });
      return response.json();
    },
  });
}

if ("modelContext" in document) {
  await document.modelContext.registerTool({
    name: "subscribe_to_offers",
    description: "Subscribes an email address to the weekly offers. Use when the user asks for offers by email.",
    inputSchema: {
      type: "object",
      properties: {
        // portable-schema-subset: `format` is outside the subset of spec PR #289
        email: { type: "string", format: "email", description: "Email address" },
        // portable-schema-null: the Prompt API refuses a null in a schema
        topic: { type: "string", enum: ["garden", "kitchen"], default: null, description: "Only offers on this" },
      },
      required: ["email"],
    },
    async execute({ email, topic }, { signal }) {
      if (!email) return { error: "Give the email address." };
      const response = await fetch("/api/offers", { method: "POST", body: JSON.stringify({ email, topic }), signal });
      return response.ok ? { subscribed: email } : { error: "The address was refused." };
    },
  });
}
