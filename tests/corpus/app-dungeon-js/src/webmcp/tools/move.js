import { DIRECTIONS } from "../../game/Game.js";

/** Moves the player one square. */
export function createMoveTool(game) {
  return {
    name: "move",
    description: "Move the player one square north, south, east or west. Returns the new position, or why the move failed.",
    inputSchema: {
      type: "object",
      properties: {
        direction: { type: "string", enum: DIRECTIONS, description: "Direction to move" },
      },
      required: ["direction"],
    },
    async execute({ direction }) {
      if (!DIRECTIONS.includes(direction)) {
        return { moved: false, reason: `"${direction}" is not a direction. Use north, south, east or west.` };
      }
      if (!game.move(direction)) {
        return { moved: false, reason: "A wall is in the way." };
      }
      return { moved: true, ...game.describe(), won: game.state === "won" };
    },
  };
}
