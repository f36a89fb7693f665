// Booking tools written in MCP style or with schema slips: the browser serves such
// schemas as written, or ignores the members entirely.
if ("modelContext" in document) {
  await document.modelContext.registerTool({
    name: "reserve_room",
    description: "Reserves a hotel room for the given nights.",
    parameters: {
      type: "object",
      properties: { nights: { type: "integer", description: "Number of nights" } },
    },
    outputSchema: { type: "object" },
    execute: async ({ nights }) => ({ reserved: nights }),
  });

  await document.modelContext.registerTool({
    name: "rate_stay",
    description: "Records the guest's rating of their stay.",
    inputSchema: {
      properties: {
        stars: { type: "integer", minimum: 1, maximum: 5, default: 10, description: "Rating given by the guest" },
        nights: { type: "int", description: "How long the guest stayed" },
      },
      required: ["star"],
    },
    execute: async ({ stars }) => ({ stars }),
  });

  await document.modelContext.registerTool({
    name: "set_pillow_type",
    description: "Chooses the pillows for the guest's room.",
    inputSchema: { type: "string", description: "The pillow type" },
    execute: async (input) => ({ pillow: input.pillow }),
  });

  // Chrome 159 and later read `outputSchema` (Chrome before 159 ignores it).
  await document.modelContext.registerTool({
    name: "get_booking",
    description: "Gets the guest's booking: the room, the nights and the price.",
    annotations: { readOnlyHint: true },
    // output-schema-valid: a JSON string where registerTool takes an object
    outputSchema: JSON.stringify({ type: "object", properties: { price: { type: "number" } } }),
    execute: async () => ({ room: "12", nights: 2, price: 240 }),
  });

  await document.modelContext.registerTool({
    name: "get_room_rates",
    description: "Gets tonight's rate of each room type.",
    annotations: { readOnlyHint: true },
    // output-schema-valid: "float" is no JSON Schema type
    outputSchema: { type: "object", properties: { rates: { type: "float" } } },
    async execute(input, { signal }) {
      const response = await fetch("/api/rates", { signal });
      // execute-result-schema: a message where the schema promises an object
      if (!response.ok) return "Rates are unavailable right now.";
      return { rates: await response.json() };
    },
  });

  await document.modelContext.registerTool({
    name: "set_wake_up_call",
    description: "Sets a wake-up call for the guest's room.",
    execute: async ({ time }) => ({ time }),
  });
}
