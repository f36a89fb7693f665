export * from "./context";
export { registerTool as registerWebMcpTool } from "./register.ts";
export { registerAll } from "./registerAll";
export { default as registry } from "./registry";
