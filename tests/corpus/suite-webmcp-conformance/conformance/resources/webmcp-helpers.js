// Shared helpers for the conformance pages. Loaded after testharness.js.

function uniqueToolName(prefix = 'tool') {
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
}

function minimalTool(overrides = {}) {
  return {
    name: uniqueToolName(),
    description: 'A tool registered by a conformance test.',
    execute: () => 'ok',
    ...overrides,
  };
}

// Registers with a signal that the test aborts on cleanup.
async function registerForTest(t, tool, options = {}) {
  const controller = new AbortController();
  t.add_cleanup(() => controller.abort());
  await document.modelContext.registerTool(tool, { ...options, signal: controller.signal });
  return controller;
}

async function findTool(name) {
  const tools = await document.modelContext.getTools();
  return tools.find((tool) => tool.name === name);
}

function waitForToolChange() {
  return new Promise((resolve) =>
    document.modelContext.addEventListener('toolchange', resolve, { once: true }),
  );
}
