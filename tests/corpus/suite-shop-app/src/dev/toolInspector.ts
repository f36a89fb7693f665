// Dev-only panel (bottom right) to list and run the page's tools without an agent.
// Started from main.ts when import.meta.env.DEV.

interface TestingTool {
  name: string;
  description: string;
  inputSchema?: string;
}

export function mountToolInspector(): void {
  const testing = (navigator as Navigator & {
    modelContextTesting?: {
      listTools(): TestingTool[];
      executeTool(name: string, inputJson: string): Promise<string | null>;
    };
  }).modelContextTesting;
  if (!testing) {
    console.info('[inspector] start Chrome with --enable-features=WebMCPTesting to use the tool inspector');
    return;
  }

  const panel = document.createElement('details');
  panel.className = 'tool-inspector';
  panel.innerHTML = '<summary>Tools</summary><ul></ul><pre></pre>';
  document.body.append(panel);
  const list = panel.querySelector('ul')!;
  const output = panel.querySelector('pre')!;

  for (const tool of testing.listTools()) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.textContent = tool.name;
    button.title = tool.description;
    button.onclick = async () => {
      const args = prompt(`Arguments for ${tool.name} (JSON)`, '{}') ?? '{}';
      output.textContent = (await testing.executeTool(tool.name, args)) ?? 'null';
    };
    item.append(button);
    list.append(item);
  }
}
