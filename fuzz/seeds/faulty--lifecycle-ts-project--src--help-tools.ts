export async function registerHelpTools(signal: AbortSignal): Promise<void> {
  if (!("modelContext" in document)) return;
  await document.modelContext.registerTool(
    {
      name: "show_help",
      description: "Shows the help panel of this page. Use when the user asks how the page works.",
      execute: async () => ({ shown: true }),
    },
    { signal },
  );
}
