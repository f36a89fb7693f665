export function createPickUpTool(game) {
  return {
    name: "pick_up",
    description: "Pick up an item lying on the player's square and put it in the inventory.",
    inputSchema: {
      type: "object",
      properties: { itemId: { type: "string", description: "Item id as returned by look" } },
      required: ["itemId"],
    },
    async execute({ itemId }) {
      const item = game.pickUp(itemId);
      if (!item) throw new Error(`There is no ${itemId} here`);
      return { pickedUp: item.name, inventory: game.player.inventory.map((i) => i.name) };
    },
  };
}

export function createInventoryTool(game) {
  return {
    name: "inventory",
    description: "List the items the player is carrying.",
    annotations: { readOnlyHint: true },
    execute: async () => ({ items: game.player.inventory.map((i) => ({ id: i.id, name: i.name })) }),
  };
}
