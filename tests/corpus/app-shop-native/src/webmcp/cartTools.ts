import { addToCart, cart, cartTotalCents, formatPrice, placeOrder, removeFromCart } from '../cart';

// Builds of Chrome from the first origin trial took the whole tool set at once through
// provideContext, and removed tools by name.
type ModelContextCompat = WebMCP.ModelContext & {
  provideContext?: (context: { tools: WebMCP.ModelContextTool[] }) => void;
  unregisterTool?: (name: string) => void;
};

const cartTools: WebMCP.ModelContextTool[] = [
  {
    name: 'add_to_cart',
    description: 'Puts a product in the shopping cart.',
    inputSchema: {
      type: 'object',
      properties: {
        productId: { type: 'string', description: 'Product id from search_products' },
        quantity: { type: 'integer', minimum: 1, description: 'How many; 1 when left out' },
      },
      required: ['productId'],
    },
    execute: ({ productId, qty }) => addToCart(String(productId), Number(qty ?? 1)),
  },
  {
    name: 'remove_from_cart',
    description: 'Takes a product out of the shopping cart.',
    inputSchema: {
      type: 'object',
      properties: { productId: { type: 'string', description: 'Product id, as listed by show_cart' } },
      required: ['productId'],
    },
    execute: ({ productId }) => {
      removeFromCart(String(productId));
      return { removed: productId };
    },
  },
  {
    name: 'show_cart',
    description: 'Lists what is in the shopping cart and the total.',
    annotations: { readOnlyHint: true },
    execute: () => ({ lines: cart.value, total: formatPrice(cartTotalCents.value) }),
  },
  {
    name: 'place_order',
    description: 'Places the order for everything in the cart and charges the card saved in the account.',
    async execute() {
      if (cart.value.length === 0) return { error: 'The cart is empty.' };
      try {
        const { orderId, totalCents } = await placeOrder();
        return { orderId, charged: formatPrice(totalCents) };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
  },
];

let controller: AbortController | undefined;

export function registerCartTools(pageSignal: AbortSignal) {
  const mc = document.modelContext as ModelContextCompat;
  if (typeof mc.provideContext === 'function') {
    mc.provideContext({ tools: cartTools });
    return;
  }

  controller = new AbortController();
  pageSignal.addEventListener('abort', () => controller?.abort(), { once: true });
  for (const tool of cartTools) {
    mc.registerTool(tool, { signal: controller.signal }).catch((error: unknown) => {
      console.warn(`Could not register ${tool.name}`, error);
    });
  }
}

/** Called when the shop switches to maintenance mode: no ordering through agents. */
export function unregisterCartTools() {
  const mc = document.modelContext as ModelContextCompat;
  controller?.abort();
  controller = undefined;
  for (const tool of cartTools) mc.unregisterTool?.(tool.name);
}
