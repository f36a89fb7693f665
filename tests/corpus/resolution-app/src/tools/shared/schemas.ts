export const EMPTY_SCHEMA = { type: "object", properties: {} } as const;

export const SKU_SCHEMA = {
  type: "object",
  properties: {
    sku: { type: "string", pattern: "^HG-[0-9]{5}$", description: "Product SKU, e.g. HG-10432" },
    quantity: { type: "integer", minimum: 1, maximum: 10 },
  },
  required: ["sku"],
} as const;

export const ORDER_ID_SCHEMA = {
  type: "object",
  properties: { orderId: { type: "string", description: "Order number from the confirmation email" } },
  required: ["orderId"],
} as const;
