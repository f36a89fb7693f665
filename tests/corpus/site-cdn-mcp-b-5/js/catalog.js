// Catalog page: search and opening hours, for people and for agents.
(function () {
  const HOURS = {
    Monday: '10:00–18:00',
    Tuesday: '10:00–20:00',
    Wednesday: '10:00–18:00',
    Thursday: '10:00–20:00',
    Friday: '10:00–18:00',
    Saturday: '10:00–16:00',
    Sunday: 'closed',
  };

  const results = document.getElementById('results');

  async function searchCatalog(query, format, signal) {
    const params = new URLSearchParams({ q: query });
    if (format) params.set('format', format);
    const response = await fetch(`/api/catalog?${params}`, { signal });
    if (!response.ok) return { error: `The catalog is unavailable (HTTP ${response.status}).` };
    const { items } = await response.json();
    return {
      items: items.map((item) => ({
        id: item.id,
        title: item.title,
        author: item.author,
        format: item.format,
        available: item.copiesAvailable > 0,
        shelf: item.shelfMark,
      })),
    };
  }

  function renderResults({ items = [], error }) {
    results.replaceChildren(
      ...(error ? [error] : items.map((item) => `${item.title} — ${item.author} (${item.format})`)).map((text) => {
        const li = document.createElement('li');
        li.textContent = text;
        return li;
      }),
    );
  }

  document.getElementById('search').addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    renderResults(await searchCatalog(String(data.get('q')), String(data.get('format'))));
  });

  document.getElementById('hours').append(
    ...Object.entries(HOURS).flatMap(([day, hours]) => {
      const dt = document.createElement('dt');
      dt.textContent = day;
      const dd = document.createElement('dd');
      dd.textContent = hours;
      return [dt, dd];
    }),
  );

  document.modelContext.registerTool({
    name: 'search_catalog',
    description: 'Searches the library catalog by title, author or subject, and says which copies are on the shelf.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words from the title, the author’s name or a subject' },
        format: { type: 'string', enum: ['book', 'ebook', 'audiobook', 'dvd'], description: 'Only this format' },
      },
      required: ['query'],
    },
    annotations: { readOnlyHint: true },
    async execute({ query, format }) {
      const found = await searchCatalog(query, format);
      renderResults(found);
      return found;
    },
  });

  document.modelContext.registerTool({
    name: 'get_opening_hours',
    description: 'Returns the opening hours of the library for each day of the week.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    execute: () => ({ timezone: 'Europe/London', hours: HOURS }),
  });
})();
