// webmcp-lint-disable-next-line tool-name-format -- the name was fixed long ago
export const toolName = "order_status";

// unused-suppression: this tool had a near duplicate once; covering the tool is not
// enough for the suppression to be used
const orderStatus: WebMCP.ModelContextTool = {
  // webmcp-lint-disable-next-line tool-near-duplicate -- two order tools until the merge
  name: "get_delivery_status",
  description: "Gets where a parcel is and when it arrives, by the order number on the receipt.",
  inputSchema: {
    type: "object",
    properties: { number: { type: "string", description: "Order number, as on the receipt" } },
    required: ["number"],
  },
  annotations: { readOnlyHint: true },
  async execute(input, { signal }) {
    const { number } = input as { number?: string };
    if (!number) return { error: "Give the order number." };
    const response = await fetch(`/api/orders/${encodeURIComponent(number)}/delivery`, { signal });
    if (!response.ok) return { error: "No order has that number.", retryable: false };
    return response.json();
  },
};

if ("modelContext" in document) {
  document.modelContext.registerTool(orderStatus).catch(() => {});
}
