import { getProduct } from '../../lib/api';
import { cartTotal, useCart } from '../../lib/cart';

export const addToCartTool: WebMCP.ModelContextTool = {
  name: 'add_to_cart',
  description: 'Puts a product in the shopping cart. The user still checks out themselves.',
  inputSchema: {
    type: 'object',
    properties: {
      productId: { type: 'string', description: 'Product id from search_products' },
      quantity: { type: 'integer', minimum: 1, maximum: 10, default: 1 },
    },
    required: ['productId'],
  },
  async execute({ productId, quantity }, { signal }) {
    const product = await getProduct(String(productId), signal);
    if (!product) return { added: false, reason: 'unknown product' };
    if (product.stock === 0) return { added: false, reason: 'out of stock' };
    const count = Math.min(Number(quantity ?? 1), product.stock);
    useCart.getState().add({ id: product.id, title: product.title, price: product.price }, count);
    return { added: true, quantity: count, cartTotal: cartTotal(useCart.getState().lines) };
  },
};

export const removeFromCartTool: WebMCP.ModelContextTool = {
  name: 'remove_from_cart',
  description: 'Takes a product out of the shopping cart.',
  inputSchema: {
    type: 'object',
    properties: { productId: { type: 'string' } },
    required: ['productId'],
  },
  execute({ productId }) {
    const removed = useCart.getState().remove(String(productId));
    return removed ? 'Removed.' : 'That product was not in the cart.';
  },
};

export const viewCartTool: WebMCP.ModelContextTool = {
  name: 'view_cart',
  description: 'Lists what is in the shopping cart with quantities and the total.',
  execute() {
    const { lines, coupon } = useCart.getState();
    return { lines, coupon, total: cartTotal(lines) };
  },
};
