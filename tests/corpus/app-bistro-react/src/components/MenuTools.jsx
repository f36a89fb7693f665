import { useWebMCPTool } from "react-webmcp";
import { MENU, COURSES } from "./menuData.js";

export default function MenuTools() {
  useWebMCPTool({
    name: "get_menu",
    description: "Get today's menu: every dish with its course, price in euros and whether it is vegetarian.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    execute: () => ({ content: [{ type: "text", text: JSON.stringify(MENU) }] }),
  });

  useWebMCPTool({
    name: "filterMenu",
    description: "Show only some dishes on the menu, by course and/or vegetarian.",
    inputSchema: {
      type: "object",
      properties: {
        course: { type: "string", enum: COURSES, description: "Course to show" },
        vegetarian: { type: "boolean", description: "Only vegetarian dishes" },
      },
    },
    execute: ({ course, vegetarian }) => {
      window.dispatchEvent(new CustomEvent("menu-filter", { detail: { course, vegetarian } }));
      const shown = MENU.filter((d) => (!course || d.course === course) && (!vegetarian || d.vegetarian));
      return { content: [{ type: "text", text: `Showing ${shown.length} dishes.` }] };
    },
  });

  return null;
}
