import { debounce } from '../lib/debounce';
import { useCart } from '../lib/cart';

// When the shop runs inside a partner's page, the partner tells us which products its
// page shows; we offer one tool about them and keep it in sync.

const PARTNER_ORIGINS = new Set(['https://partners.harbour.example', 'https://www.harbour.example']);

let current: AbortController | null = null;
let featured: string[] = [];

const syncFeaturedTool = debounce(() => {
  current?.abort();
  current = new AbortController();
  document.modelContext!
    .registerTool(
      {
        name: 'add_featured_to_cart',
        description: 'Adds one of the products featured in the article around this widget to the cart.',
        inputSchema: {
          type: 'object',
          properties: { productId: { type: 'string', enum: featured } },
          required: ['productId'],
        },
        execute({ productId }) {
          if (!featured.includes(String(productId))) return { added: false, reason: 'not featured here' };
          useCart.getState().add({ id: String(productId), title: String(productId), price: 0 }, 1);
          return { added: true };
        },
      },
      { signal: current.signal },
    )
    .catch((error) => console.warn('[embed] featured tool not registered', error));
}, 150);

export function startEmbedBridge(): void {
  window.addEventListener('message', (event: MessageEvent) => {
    if (!PARTNER_ORIGINS.has(event.origin)) return;
    const message = event.data as { type?: string; productIds?: string[] };
    if (message?.type !== 'harbour:featured') return;
    if (!('modelContext' in document)) {
      event.source?.postMessage({ type: 'harbour:webmcp', supported: false }, { targetOrigin: event.origin });
      return;
    }
    featured = (message.productIds ?? []).slice(0, 12);
    syncFeaturedTool();
  });
}
