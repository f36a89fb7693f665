// The page installs MCP-B's polyfill, which puts navigator.modelContext in Chrome too.
import "@mcp-b/global";
import { mountStoreTools } from "./store-tools.js";

mountStoreTools();
