import { formatPrice, products } from '../cart';

type NavigatorWithModelContext = Navigator & { modelContext?: WebMCP.ModelContext };

export function registerCatalogTools(signal: AbortSignal) {
  const mc = document.modelContext ?? (navigator as NavigatorWithModelContext).modelContext;
  if (!mc) return;

  mc.registerTool(
    {
      name: 'search_products',
      description: 'Finds lamps and bulbs in the shop by words in their name, optionally under a price.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words to look for, e.g. "brass desk lamp"' },
          maxPrice: { type: 'number', description: 'Highest price in euros' },
        },
        required: ['query'],
      },
      annotations: { readOnlyHint: true },
      async execute({ query, maxPrice }) {
        const params = new URLSearchParams({ q: String(query) });
        if (typeof maxPrice === 'number') params.set('max', String(Math.round(maxPrice * 100)));
        const response = await fetch(`/api/products/search?${params}`);
        if (!response.ok) return { error: 'Search is unavailable right now; try again in a minute.' };
        const found: { id: string; name: string; priceCents: number; stock: number }[] = await response.json();
        return found.map(({ id, name, priceCents, stock }) => ({ id, name, price: formatPrice(priceCents), inStock: stock > 0 }));
      },
    },
    { signal },
  );

  mc.registerTool(
    {
      name: 'get_product_reviews',
      description: 'Returns the newest customer reviews of a product: rating out of 5 and the review text.',
      inputSchema: {
        type: 'object',
        properties: { productId: { type: 'string', description: 'Product id from search_products' } },
        required: ['productId'],
      },
      annotations: { readOnlyHint: true },
      async execute({ productId }, { signal: callSignal }) {
        if (!products.value.some((p) => p.id === productId)) return { error: `No product with id ${productId}.` };
        const response = await fetch(`/api/products/${encodeURIComponent(String(productId))}/reviews?limit=10`, { signal: callSignal });
        const reviews: { rating: number; author: string; text: string }[] = await response.json();
        return { reviews };
      },
    },
    { signal },
  );
}
