// Faulty on purpose: a React checkout that registers its tools by hand.
import { useEffect } from "react";
import { useWebMCP } from "use-webmcp-tool";

export function Checkout({ step, order }) {
  // react-use-webmcp, register-cleanup, feature-detection, register-promise-handled:
  // no guard, no signal, no cleanup, and the promise is dropped.
  useEffect(() => {
    document.modelContext.registerTool({
      name: "show_order_total",
      description: "Shows the total of the order being paid. Use when the user asks for the total.",
      annotations: { readOnlyHint: true },
      execute: async () => ({ total: order.total }),
    });
  }, [order]);

  // hook-conditional: the tool appears and disappears with the hook order.
  if (step === "address") {
    useWebMCP({
      name: "fill_address",
      description: "Fills the delivery address form. Use when the user dictates where to ship.",
      inputSchema: {
        type: "object",
        properties: { street: { type: "string", description: "Street and house number" } },
        required: ["street"],
      },
      execute: async ({ street }) => ({ street }),
    });
  }

  return <p>{order.total}</p>;
}
