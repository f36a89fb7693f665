// Installed in every page before the page's own scripts (a Playwright init script).
// It reports what the page observes and offers the steps the Python harness drives,
// under one non-enumerable global so examples cannot collide with it. It never wraps or
// replaces the WebMCP API: what the examples call is the browser's own implementation.
// It only counts the page's requests (`fetch` is wrapped to do so), to know when the
// work a tool started is over.
//
// What the page observes (errors, calls of prelude helpers) is reported to the harness
// as it happens, through the `__webmcpLintReport` binding: a form submission can
// navigate away and take the document, and anything kept in it, along.
(() => {
  const givenInputs = {};
  const pending = {}; // executeTool calls in progress, by tool name (confirm-tool)
  const report = (kind, data) => {
    const send = window.__webmcpLintReport;
    if (typeof send === "function") send(kind, data);
  };
  const describe = (source, error) => {
    const isObject = error !== null && typeof error === "object";
    return {
      source,
      name: isObject && "name" in error ? String(error.name) : typeof error,
      message: isObject && "message" in error ? String(error.message) : String(error),
    };
  };
  const reportError = (source, error) => report("error", describe(source, error));
  addEventListener("unhandledrejection", (event) => {
    reportError("unhandled rejection", event.reason);
  });
  addEventListener("error", (event) => {
    reportError("uncaught exception", event.error ?? event.message);
  });

  // The page's fetch() calls still in flight: after a tool ran, the harness waits for
  // them, and for what the page does with their answers, before it looks.
  const inFlight = new Set();
  const pageFetch = window.fetch;
  window.fetch = function fetch(...args) {
    const request = pageFetch.apply(this, args);
    inFlight.add(request);
    const done = () => inFlight.delete(request);
    request.then(done, done);
    return request;
  };

  const ticks = async (count) => {
    for (let i = 0; i < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const sleep = (milliseconds) => new Promise((resolve) => setTimeout(resolve, milliseconds));
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
  const findTool = async (name) => {
    const tools = await document.modelContext.getTools();
    const tool = tools.find((candidate) => candidate.name === name);
    if (!tool) report("error", { source: `tool step ${name}`, name: "HarnessError", message: "no such tool" });
    return tool;
  };
  // Settles when the agent has started tool `name` (toolactivated) or `run` settled.
  const activation = (name, run) =>
    new Promise((resolve) => {
      const listener = (event) => {
        if (event.toolName !== name) return;
        document.modelContext.removeEventListener("toolactivated", listener);
        resolve(true);
      };
      document.modelContext.addEventListener("toolactivated", listener);
      run.then(
        () => resolve(false),
        () => resolve(false),
      );
    });
  const formOf = (name) =>
    [...document.querySelectorAll("form")].find((form) => form.getAttribute("toolname") === name);

  const api = {
    // Let pending registrations settle: a getTools() round trip is answered after the
    // registrations sent before it, and rejection events fire a task later.
    async settle() {
      if (hasApi()) await document.modelContext.getTools();
      await ticks(3);
    },
    // After a tool ran, let the work it started finish (a handler awaiting a helper,
    // whose failure is reported a task later).
    async quiet() {
      await ticks(3);
      await sleep(20);
      while (inFlight.size > 0) {
        await Promise.allSettled([...inFlight]);
        await ticks(3);
      }
      await ticks(2);
    },
    async runModule(url) {
      try {
        await import(url);
      } catch (error) {
        reportError("thrown", error);
      }
      await api.settle();
    },
    async tools() {
      if (!hasApi()) return [];
      const tools = await document.modelContext.getTools();
      return tools.map(({ window: _window, ...plain }) => plain);
    },
    // getTools() once it stops changing: forms register while the page is parsed, and
    // the registrations settle in the browser process.
    // Declarative tools reach getTools() through the browser process, after the page has
    // loaded; on a loaded machine a form's schema can lag behind its parsed markup for
    // longer than one short poll. The list counts as settled once it has not changed for
    // STABLE_MS (up to a few seconds). 150 ms was too short on a machine running three
    // suites at once: a multiple <select>'s options stayed out of its schema that long.
    async stableTools() {
      const STABLE_MS = 300;
      const started = performance.now();
      let last = JSON.stringify(await api.tools());
      let since = performance.now();
      while (performance.now() - since < STABLE_MS && performance.now() - started < 5000) {
        await sleep(25);
        const now = JSON.stringify(await api.tools());
        if (now !== last) {
          last = now;
          since = performance.now();
        }
      }
      return JSON.parse(last);
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
        // Works for a moment (an agent can cancel it meanwhile), then answers.
        async execute(input, { signal }) {
          givenInputs[name].push(input);
          await new Promise((resolve) => {
            const timer = setTimeout(resolve, 50);
            signal.addEventListener("abort", () => {
              clearTimeout(timer);
              resolve();
            });
          });
          return { ok: true };
        },
      });
    },
    givenInputs: () => givenInputs,
    // Tool helpers from prelude.js report their calls through this.
    called: (helper) => report("call", helper),
    async runTool(name, input, milliseconds) {
      const tool = await findTool(name);
      if (!tool) return null;
      try {
        const run = document.modelContext.executeTool(tool, input);
        return await withTimeout(run, milliseconds, `executeTool(${name})`);
      } catch (error) {
        reportError(`executeTool(${name})`, error);
        return null;
      } finally {
        await api.quiet();
      }
    },
    // confirm-tool, in two halves around the user's click (which the harness makes
    // through Playwright: a trusted click, dispatched from the event loop as a real
    // one is; a requestSubmit() from this script would end its microtasks later).
    // First the agent fills the form: true once it announced the tool (toolactivated
    // fires after the fill), false when the call settled before that.
    async startTool(name, input, milliseconds) {
      const tool = await findTool(name);
      if (!tool) return false;
      if (!formOf(name)) {
        report("error", { source: `confirm-tool ${name}`, name: "HarnessError", message: "not a form tool" });
        return false;
      }
      const run = document.modelContext.executeTool(tool, input);
      pending[name] = run;
      run.catch(() => {}); // reported by finishTool
      return await withTimeout(activation(name, run), milliseconds, `the agent filling ${name}`);
    },
    async finishTool(name, milliseconds) {
      try {
        return await withTimeout(pending[name], milliseconds, `executeTool(${name})`);
      } catch (error) {
        reportError(`executeTool(${name})`, error);
        return null;
      } finally {
        await api.quiet();
      }
    },
    // The agent starts the tool and cancels it as soon as it runs (Chromium fires
    // toolcancel only while the tool is still working): the call rejects with the
    // AbortError the agent asked for, which is no error of the page.
    async cancelTool(name, input, milliseconds) {
      const tool = await findTool(name);
      if (!tool) return null;
      const controller = new AbortController();
      try {
        const run = document.modelContext.executeTool(tool, input, { signal: controller.signal });
        await withTimeout(activation(name, run), milliseconds, `executeTool(${name}) starting`);
        controller.abort();
        return await withTimeout(run, milliseconds, `executeTool(${name})`);
      } catch (error) {
        if (!(error instanceof DOMException && error.name === "AbortError")) {
          reportError(`executeTool(${name})`, error);
        }
        return "cancelled";
      } finally {
        await api.quiet();
      }
    },
    // The type of each named input of a form tool (for a valid sample input).
    inputTypes(name) {
      const form = formOf(name);
      const controls = form ? [...form.elements].filter((c) => c.name && c.type) : [];
      return Object.fromEntries(controls.map((control) => [control.name, control.type]));
    },
    // Declarative tools are forms; executing one submits it (and waits for a human to
    // press submit without `toolautosubmit`), so the harness does not run them unasked.
    formToolNames: () =>
      [...document.querySelectorAll("form[toolname]")].map((form) => form.getAttribute("toolname")),
  };
  Object.defineProperty(window, "__webmcpLint", { value: api, enumerable: false });
})();
