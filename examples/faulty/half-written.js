// A tool that was being written when the file was saved.
document.modelContext.registerTool({
  name: "track_order",
  description: "Shows where an order is."
  execute: async ({ orderId }) => {
    const status = await lookUp(orderId);
    return { status };
  },
});
