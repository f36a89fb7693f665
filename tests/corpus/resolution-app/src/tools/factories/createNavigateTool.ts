import type { NavigateFunction } from "react-router-dom";

const PAGES = {
  home: "/",
  cart: "/cart",
  orders: "/account/orders",
  returns: "/account/returns",
  help: "/help",
} as const;

export default function createNavigateTool(navigate: NavigateFunction): WebMCP.ModelContextTool {
  return {
    name: "navigate_to",
    description: "Open a page of the store: home, cart, orders, returns or help.",
    inputSchema: {
      type: "object",
      properties: { page: { type: "string", enum: Object.keys(PAGES) } },
      required: ["page"],
    },
    async execute(input) {
      const page = (input as { page: keyof typeof PAGES }).page;
      const path = PAGES[page];
      if (!path) return { opened: false, reason: `Unknown page ${page}` };
      navigate(path);
      return { opened: true, path };
    },
  };
}
