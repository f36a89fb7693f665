export { searchTool } from "./search";
export { default as productDetailsTool } from "./details";
