export function createLookTool(game) {
  return {
    name: "look",
    description: "Describe the player's square: position, open directions and items lying here.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    execute: async () => game.describe(),
  };
}
