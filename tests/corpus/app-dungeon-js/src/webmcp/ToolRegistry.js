import { createLookTool, createMoveTool, createPickUpTool, createStartTool, createInventoryTool } from "./tools/index.js";

/**
 * Keeps the set of WebMCP tools in step with the game state: only `start_game`
 * before a run, the movement and item tools while playing.
 */
export class ToolRegistry {
  #game;
  #controller = null;

  constructor(game) {
    this.#game = game;
    this.supported = "modelContext" in document;
    if (!this.supported) console.info("WebMCP is not available; agent tools are off.");
  }

  registerIntroTools() {
    this.#provide([createStartTool(this.#game)]);
  }

  registerGameplayTools() {
    this.#provide([
      createMoveTool(this.#game),
      createLookTool(this.#game),
      createPickUpTool(this.#game),
      createInventoryTool(this.#game),
    ]);
  }

  #provide(tools) {
    if (!this.supported) return;
    this.#controller?.abort();
    this.#controller = new AbortController();
    for (const tool of tools) {
      document.modelContext
        .registerTool(tool, { signal: this.#controller.signal })
        .catch((error) => console.warn(`Could not register ${tool.name}`, error));
    }
  }
}
