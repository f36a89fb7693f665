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
