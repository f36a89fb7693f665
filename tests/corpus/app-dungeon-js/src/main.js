import { Game } from "./game/Game.js";
import { loadMap } from "./game/maps.js";
import { ToolRegistry } from "./webmcp/ToolRegistry.js";

const game = new Game(await loadMap("crypt-1"));
const tools = new ToolRegistry(game);

game.onChange((state) => {
  if (state === "playing") tools.registerGameplayTools();
  else tools.registerIntroTools();
});

tools.registerIntroTools();
