// Tools that only move the view: nothing here changes the cart or the account.

const SECTIONS = ['new-in', 'bestsellers', 'reviews', 'delivery', 'faq'];

export function registerViewTools(mc: WebMCP.ModelContext, signal: AbortSignal) {
  return Promise.all([
    mc.registerTool(
      {
        name: 'scroll_to_section',
        description: 'Scrolls the page to one of its sections so the user can see it.',
        inputSchema: {
          type: 'object',
          properties: { section: { type: 'string', enum: SECTIONS } },
          required: ['section'],
        },
        annotations: { readOnlyHint: true },
        execute({ section }) {
          const element = document.getElementById(String(section));
          if (!element) return `No section ${section} on this page.`;
          element.scrollIntoView({ behavior: 'smooth', block: 'start' });
          return `Scrolled to ${section}.`;
        },
      },
      { signal },
    ),
    mc.registerTool(
      {
        name: 'highlight_products',
        description: 'Dims every product card except the given ones, to compare a few side by side.',
        inputSchema: {
          type: 'object',
          properties: {
            ids: {
              type: 'array',
              items: { type: 'string' },
              description: 'Array of product ids to keep visible',
            },
          },
          required: ['ids'],
        },
        annotations: { readOnlyHint: true },
        execute({ ids }) {
          const keep = new Set((ids as string[]) ?? []);
          for (const card of document.querySelectorAll<HTMLElement>('[data-product-id]')) {
            card.classList.toggle('dimmed', !keep.has(card.dataset.productId ?? ''));
          }
          return { highlighted: keep.size };
        },
      },
      { signal },
    ),
  ]);
}
