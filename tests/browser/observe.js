// Installed in every page before the page's own scripts (a Playwright init script).
// It records what the page observes and offers the steps the Python harness drives,
// under one non-enumerable global so examples cannot collide with it. It never wraps or
// replaces the WebMCP API: what the examples call is the browser's own implementation.
(() => {
  const errors = [];
  const givenInputs = {};
  const describe = (source, error) => {
    const isObject = error !== null && typeof error === "object";
    return {
      source,
      name: isObject && "name" in error ? String(error.name) : typeof error,
      message: isObject && "message" in error ? String(error.message) : String(error),
    };
  };
  addEventListener("unhandledrejection", (event) => {
    errors.push(describe("unhandled rejection", event.reason));
  });
  addEventListener("error", (event) => {
    errors.push(describe("uncaught exception", event.error ?? event.message));
  });

  const ticks = async (count) => {
    for (let i = 0; i < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const withTimeout = (promise, milliseconds, what) =>
    Promise.race([
      promise,
      new Promise((_, reject) =>
        setTimeout(() => {
          const error = new Error(`${what} did not settle within ${milliseconds} ms`);
          error.name = "HarnessTimeout";
          reject(error);
        }, milliseconds),
      ),
    ]);
  const hasApi = () => "modelContext" in document;

  const api = {
    takeErrors: () => errors.splice(0),
    // Let pending registrations settle: a getTools() round trip is answered after the
    // registrations sent before it, and rejection events fire a task later.
    async settle() {
      if (hasApi()) await document.modelContext.getTools();
      await ticks(3);
    },
    async runModule(url) {
      try {
        await import(url);
      } catch (error) {
        errors.push(describe("thrown", error));
      }
      await api.settle();
    },
    async tools() {
      if (!hasApi()) return [];
      const tools = await document.modelContext.getTools();
      return tools.map(({ window: _window, ...plain }) => plain);
    },
    async give(name) {
      givenInputs[name] = [];
      await document.modelContext.registerTool({
        name,
        description: `Registered by the browser test harness for the example (${name}).`,
        inputSchema: {
          type: "object",
          properties: { query: { type: "string", description: "Words to look for" } },
        },
        async execute(input) {
          givenInputs[name].push(input);
          return { ok: true };
        },
      });
    },
    givenInputs: () => givenInputs,
    async runTool(name, input, milliseconds) {
      const tools = await document.modelContext.getTools();
      const tool = tools.find((candidate) => candidate.name === name);
      if (!tool) {
        errors.push({ source: `run-tool ${name}`, name: "HarnessError", message: "no such tool" });
        return null;
      }
      try {
        const run = document.modelContext.executeTool(tool, input);
        return await withTimeout(run, milliseconds, `executeTool(${name})`);
      } catch (error) {
        errors.push(describe(`executeTool(${name})`, error));
        return null;
      } finally {
        await ticks(2);
      }
    },
    // Declarative tools are forms; executing one submits it (and waits for a human to
    // press submit without `toolautosubmit`), so the harness does not run them unasked.
    formToolNames: () =>
      [...document.querySelectorAll("form[toolname]")].map((form) => form.getAttribute("toolname")),
  };
  Object.defineProperty(window, "__webmcpLint", { value: api, enumerable: false });
})();
