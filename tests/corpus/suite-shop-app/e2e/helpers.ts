import type { Page } from '@playwright/test';

export async function waitForTools(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(async (expected) => {
    if (!('modelContext' in document)) return false;
    const tools = await document.modelContext!.getTools();
    return expected.every((name) => tools.some((tool) => tool.name === name));
  }, names);
}

/** Runs a registered tool the way an agent does and parses what it returns. */
export async function callTool(page: Page, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  return page.evaluate(
    async ({ name, args }) => {
      const tools = await document.modelContext!.getTools();
      const tool = tools.find((candidate) => candidate.name === name);
      if (!tool) throw new Error(`tool ${name} is not registered`);
      // executeTool takes the arguments as JSON text.
      const raw = await document.modelContext!.executeTool(tool, JSON.stringify(args));
      return raw === null ? null : JSON.parse(raw);
    },
    { name, args },
  );
}
