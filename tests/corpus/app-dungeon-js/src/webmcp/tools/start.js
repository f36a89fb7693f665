export default function createStartTool(game) {
  return {
    name: "start_game",
    description: "Start a new run through the crypt from the entrance.",
    inputSchema: { type: "object", properties: {} },
    execute: async () => {
      game.start();
      return { started: true, ...game.describe() };
    },
  };
}
