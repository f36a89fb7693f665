// Checkout tools of an online store: structured errors, the execution signal forwarded
// to every request, defaults applied in code, and annotations that match what each
// tool does.
const SHIPPING = ["standard", "express"];

async function api(path, { signal, method = "GET", body } = {}) {
  const response = await fetch(`/api${path}`, {
    method,
    headers: body ? { "Content-Type": "application/json" } : undefined,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.any([signal, AbortSignal.timeout(15000)]),
  });
  return { ok: response.ok, status: response.status, data: response.ok ? await response.json() : null };
}

const getCart = {
  name: "get_cart",
  description: "Gets the items in the user's shopping cart with their prices and the total.",
  // Read by Chrome 159 and later: what the result holds, errors included.
  outputSchema: {
    type: "object",
    properties: {
      items: { type: "array", items: { type: "object" }, description: "Cart lines" },
      total: { type: "number", description: "Total in euros" },
      error: { type: "string", description: "Why the cart could not be read" },
      retryable: { type: "boolean", description: "Whether trying again may help" },
    },
  },
  annotations: { readOnlyHint: true },
  async execute(input, { signal }) {
    const { ok, data } = await api("/cart", { signal });
    if (!ok) return { error: "The cart is unavailable right now.", retryable: true };
    return {
      items: data.items.map(({ lineId, title, quantity, price }) => ({ lineId, title, quantity, price })),
      total: data.total,
    };
  },
};

const applyCoupon = {
  name: "apply_coupon",
  description: "Applies a discount code the user gave to the shopping cart.",
  inputSchema: {
    type: "object",
    properties: { code: { type: "string", description: "The code exactly as the user typed it" } },
    required: ["code"],
  },
  async execute({ code }, { signal }) {
    if (typeof code !== "string" || !code.trim()) {
      return { error: "Ask the user for the discount code." };
    }
    try {
      const { ok, status, data } = await api("/cart/coupon", {
        signal,
        method: "POST",
        body: { code: code.trim() },
      });
      if (status === 404) return { error: `The code "${code}" does not exist or has expired.` };
      if (!ok) return { error: "The code could not be applied.", retryable: true };
      return { applied: code, newTotal: data.total };
    } catch (error) {
      if (signal.aborted) throw error;
      return { error: "The store cannot be reached.", retryable: true };
    }
  },
};

const placeOrder = {
  name: "place_order",
  description:
    "Places the order for everything in the cart and charges the user's saved card. Use only after the user confirmed the cart and the total.",
  inputSchema: {
    type: "object",
    properties: {
      shipping: {
        type: "string",
        enum: SHIPPING,
        default: "standard",
        description: "Delivery speed the user chose",
      },
    },
  },
  annotations: { consequentialHint: true },
  async execute({ shipping = "standard" }, { signal }) {
    if (!SHIPPING.includes(shipping)) {
      return { error: `Choose one of: ${SHIPPING.join(", ")}.` };
    }
    const { ok, status, data } = await api("/orders", { signal, method: "POST", body: { shipping } });
    if (status === 402) return { error: "The card was declined. Ask the user to update it." };
    if (!ok) return { error: "The order was not placed.", retryable: true };
    return { orderId: data.id, total: data.total, arrives: data.estimatedDelivery };
  },
};

const waitForShipment = {
  name: "check_shipment",
  description: "Checks whether an order has shipped, waiting up to a minute for the warehouse.",
  inputSchema: {
    type: "object",
    properties: { orderId: { type: "string", description: "Order id from place_order" } },
    required: ["orderId"],
  },
  annotations: { readOnlyHint: true },
  async execute({ orderId }, { signal }) {
    if (!orderId) return { error: "Pass the orderId that place_order returned." };
    for (let attempt = 0; attempt < 12; attempt++) {
      signal.throwIfAborted();
      const { ok, data } = await api(`/orders/${encodeURIComponent(orderId)}`, { signal });
      if (!ok) return { error: `No order ${orderId}.`, retryable: false };
      if (data.shipped) return { shipped: true, carrier: data.carrier };
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
    return { shipped: false, note: "Not shipped yet; check again later." };
  },
};

export async function registerCheckoutTools(signal) {
  if (!("modelContext" in document)) return;
  for (const tool of [getCart, applyCoupon, placeOrder, waitForShipment]) {
    await document.modelContext.registerTool(tool, { signal });
  }
}
