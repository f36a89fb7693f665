import { createOrder } from '../../lib/api';
import { cartTotal, useCart } from '../../lib/cart';

const COUPONS: Record<string, number> = { HARBOUR10: 0.1, WELCOME5: 0.05 };

export const applyCouponTool: WebMCP.ModelContextTool = {
  name: 'apply_coupon',
  description: 'Applies a discount code to the cart and returns the new total.',
  inputSchema: {
    type: 'object',
    properties: { code: { type: 'string', description: 'Discount code as printed, e.g. HARBOUR10' } },
    required: ['code'],
  },
  execute({ code }) {
    const normalized = String(code).trim().toUpperCase();
    const discount = COUPONS[normalized];
    if (discount === undefined) {
      return { applied: false, reason: `${normalized} is not a valid code` };
    }
    useCart.getState().setCoupon(normalized);
    const total = cartTotal(useCart.getState().lines) * (1 - discount);
    return { applied: true, total: Math.round(total * 100) / 100 };
  },
};

export const placeOrderTool: WebMCP.ModelContextTool = {
  name: 'place_order',
  description: 'Places the order for everything in the cart and charges the saved card.',
  inputSchema: {
    type: 'object',
    properties: {
      shipping: { type: 'string', enum: ['standard', 'express'], description: 'Delivery speed' },
    },
    required: ['shipping'],
  },
  annotations: { consequentialHint: true },
  async execute({ shipping }) {
    const { lines, clear } = useCart.getState();
    if (lines.length === 0) {
      throw new Error('The cart is empty.');
    }
    const order = await createOrder({
      items: lines.map((l) => ({ id: l.id, quantity: l.quantity })),
      shipping: String(shipping),
    });
    clear();
    return { orderId: order.orderId, total: order.total };
  },
};
