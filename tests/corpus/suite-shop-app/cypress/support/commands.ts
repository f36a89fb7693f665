declare global {
  namespace Cypress {
    interface Chainable {
      runTool(name: string, input?: Record<string, unknown>): Chainable<unknown>;
    }
  }
}

Cypress.Commands.add('runTool', (name: string, input: Record<string, unknown> = {}) =>
  cy.window().then(async (win) => {
    if (!('modelContext' in win.document)) {
      throw new Error('Start Chrome with --enable-features=WebMCPTesting');
    }
    const tools = await win.document.modelContext!.getTools();
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`${name} is not registered`);
    const raw = await win.document.modelContext!.executeTool(tool, input);
    return raw === null ? null : JSON.parse(raw);
  }),
);

export {};
