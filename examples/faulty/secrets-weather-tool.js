// A weather tool that ships its provider's key to every agent in a schema default.
if ("modelContext" in document) {
  await document.modelContext.registerTool({
    name: "get_forecast",
    description: "Returns the forecast for a city. Use when the user asks about the weather.",
    inputSchema: {
      type: "object",
      properties: {
        city: { type: "string", description: "City name as the user said it" },
        apiKey: { type: "string", default: "wx_4f9Kq2LmN8vB3sT1yW6zA0cE", description: "Provider key" },
      },
      required: ["city"],
    },
    annotations: { readOnlyHint: true },
    execute: async ({ city, apiKey }) => ({ city, apiKey }),
  });
}
