import { ModelContext } from './model-context';

export interface InstallOptions {
  /** Replace navigator.modelContext even when the browser or another script has one. */
  force?: boolean;
}

type WithModelContext = Navigator & { modelContext?: unknown };

function isComplete(value: unknown): boolean {
  const candidate = value as Partial<ModelContext> | undefined;
  return typeof candidate?.registerTool === 'function' && typeof candidate?.unregisterTool === 'function';
}

/**
 * Puts a ModelContext on navigator.modelContext and returns it. An existing one that can
 * register and unregister tools is kept (and returned) unless `force` is set.
 */
export function installModelContext(options: InstallOptions = {}): ModelContext {
  const nav = navigator as WithModelContext;
  if (nav.modelContext instanceof ModelContext) return nav.modelContext;
  if (isComplete(nav.modelContext) && !options.force) return nav.modelContext as ModelContext;

  const context = new ModelContext();
  Object.defineProperty(navigator, 'modelContext', {
    value: context,
    configurable: true,
    enumerable: true,
    writable: false,
  });
  window.dispatchEvent(new CustomEvent('modelcontextready', { detail: context }));
  return context;
}

/** Removes what installModelContext put there (tests, hot reload). */
export function uninstallModelContext(): void {
  const nav = navigator as WithModelContext;
  if (nav.modelContext instanceof ModelContext) {
    nav.modelContext.clearContext();
    delete nav.modelContext;
  }
}
