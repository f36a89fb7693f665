// The public status page embeds a read-only copy of the traffic panel in an iframe and
// asks it, by postMessage, to offer a tool for it.

const STATUS_PAGE = 'https://status.edgestats.example';

function registerStatusTool() {
  navigator.modelContext.registerTool({
    name: 'get_public_traffic',
    description: 'Returns the request rate shown on the public status page for the last hour.',
    annotations: { readOnlyHint: true },
    async execute() {
      const response = await fetch('/api/v2/public/traffic?window=1h');
      return response.json();
    },
  });
}

export function listenToStatusPage(): void {
  window.addEventListener('message', (event) => {
    if (event.origin !== STATUS_PAGE || event.data?.type !== 'status:offer-tools') return;
    if (!navigator.modelContext) return;
    // Let the embedding page finish its own registrations first.
    setTimeout(registerStatusTool, 0);
  });
}
