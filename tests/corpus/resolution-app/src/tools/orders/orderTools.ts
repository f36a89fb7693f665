import { api, type Order } from "@/api/client";
import { ORDER_ID_SCHEMA } from "@tools/shared/schemas";
import { RETURN_WINDOW_DAYS, SUPPORT_HOURS } from "@tools/shared/text";

export const trackOrderTool: WebMCP.ModelContextTool = {
  name: "track_order",
  description: "Get the delivery status and tracking link of an order.",
  inputSchema: ORDER_ID_SCHEMA,
  annotations: { readOnlyHint: true },
  async execute(input, { signal }) {
    const { orderId } = input as { orderId: string };
    return api.get<Order & { trackingUrl?: string }>(`/orders/${orderId}/tracking`, signal);
  },
};

export const returnOrderTool: WebMCP.ModelContextTool = {
  name: "return_order",
  description: `Start a return for a delivered order within ${RETURN_WINDOW_DAYS} days of delivery and refund it to the original payment method. For anything else, customer service answers ${SUPPORT_HOURS}.`,
  inputSchema: {
    ...ORDER_ID_SCHEMA,
    properties: {
      ...ORDER_ID_SCHEMA.properties,
      reason: { type: "string", enum: ["damaged", "wrong-item", "changed-mind", "other"] },
    },
    required: ["orderId", "reason"],
  },
  async execute(input, { signal }) {
    const { orderId, reason } = input as { orderId: string; reason: string };
    const order = await api.get<Order & { deliveredAt?: string }>(`/orders/${orderId}`, signal);
    if (order.status !== "delivered") {
      throw new Error(`Order ${orderId} is ${order.status}; only delivered orders can be returned`);
    }
    return api.post(`/orders/${orderId}/returns`, { reason }, signal);
  },
};
