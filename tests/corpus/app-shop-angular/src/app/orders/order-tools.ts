import type { Order, OrderService } from "./order.service";

type WebMcpTool = {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute: (input: Record<string, unknown>) => unknown | Promise<unknown>;
  annotations?: Record<string, unknown>;
};

type ModelContextLike = {
  registerTool: (tool: WebMcpTool, options?: { signal?: AbortSignal }) => Promise<void> | void;
};

function findModelContext(): ModelContextLike | undefined {
  return (
    (document as Document & { modelContext?: ModelContextLike }).modelContext ??
    (navigator as Navigator & { modelContext?: ModelContextLike }).modelContext
  );
}

/** Registers the order tools; call the returned function to remove them. */
export function registerOrderTools(orders: OrderService, onChange: (orders: Order[]) => void): () => void {
  const modelContext = findModelContext();
  if (!modelContext?.registerTool) {
    return () => undefined;
  }

  const controller = new AbortController();
  const register = (tool: WebMcpTool) => {
    try {
      void Promise.resolve(modelContext.registerTool(tool, { signal: controller.signal })).catch(() => {});
    } catch {
      /* WebMCP is optional */
    }
  };

  register({
    name: "list_orders",
    description: "List the customer's orders with id, date, status and total, newest first.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    execute: async () => ({ orders: await orders.list() }),
  });

  register({
    name: "cancel_order",
    description: "Cancel an order that has not shipped yet. The payment is refunded within 5 days.",
    inputSchema: {
      type: "object",
      properties: { orderId: { type: "string", description: "Order id from list_orders" } },
      required: ["orderId"],
    },
    execute: async ({ orderId }) => {
      const all = await orders.list();
      const order = all.find((o) => o.id === orderId);
      if (!order) throw new Error(`Order ${orderId} not found`);
      if (order.status !== "processing") {
        throw new Error(`Order ${orderId} has already ${order.status === "cancelled" ? "been cancelled" : "shipped"}`);
      }
      const cancelled = await orders.cancel(String(orderId));
      onChange(await orders.list());
      return { cancelled: cancelled.id, status: cancelled.status };
    },
  });

  return () => controller.abort();
}
