export { createSearchTool } from "./createSearchTool";
export { default as createNavigateTool } from "./createNavigateTool";
