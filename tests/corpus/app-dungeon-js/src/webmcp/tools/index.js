export { createMoveTool } from "./move.js";
export { createLookTool } from "./look.js";
export { createPickUpTool, createInventoryTool } from "./items.js";
export { default as createStartTool } from "./start.js";
