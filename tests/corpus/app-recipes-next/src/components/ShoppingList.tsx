"use client";

import { z } from "zod";
import { useWebMCP } from "@mcp-b/react-webmcp";
import { useShoppingList } from "@/lib/shoppingList";

export function ShoppingList() {
  const list = useShoppingList();

  useWebMCP({
    name: "get_shopping_list",
    description: "List the items on the shopping list and whether each is checked off.",
    inputSchema: {},
    annotations: { readOnlyHint: true },
    handler: async () => ({
      content: [{ type: "text", text: JSON.stringify(list.items) }],
    }),
  });

  useWebMCP({
    name: "check_off_item",
    description: "Mark an item on the shopping list as bought.",
    inputSchema: { name: z.string().describe("Item name as shown on the list") },
    handler: async ({ name }) => {
      if (!list.check(name)) {
        return { content: [{ type: "text", text: `${name} is not on the list.` }], isError: true };
      }
      return { content: [{ type: "text", text: `Checked off ${name}.` }] };
    },
  });

  useWebMCP({
    name: "clear_shopping_list",
    description: "Remove every item from the shopping list.",
    inputSchema: {},
    annotations: { destructiveHint: true, idempotentHint: true },
    handler: async () => {
      list.clear();
      return { content: [{ type: "text", text: "The shopping list is empty." }] };
    },
  });

  return (
    <section>
      <h2 className="text-xl">Shopping list</h2>
      <ul>
        {list.items.map((item) => (
          <li key={item.name} className={item.done ? "line-through" : undefined}>
            {item.quantity} {item.unit} {item.name}
          </li>
        ))}
      </ul>
      <button onClick={list.clear}>Clear list</button>
    </section>
  );
}
