import { ShimModelContext } from './context';
import { installDeclarativeForms } from './declarative';
import { installSubmitEventShim } from './submit-event';

export { ShimModelContext };
export type { ShimTool, ShimRegisteredTool } from './global';

let installed: { context: ShimModelContext; undo: Array<() => void> } | null = null;
let warnedAboutNavigator = false;

export interface InstallOptions {
  /** Also expose the context as navigator.modelContext (deprecated; default true). */
  navigatorAlias?: boolean;
  /** Register <form toolname> forms as tools (default true). */
  declarative?: boolean;
}

export function isNativeWebMCP(): boolean {
  return (
    typeof document !== 'undefined' &&
    'modelContext' in document &&
    !(document.modelContext instanceof ShimModelContext)
  );
}

export function install(options: InstallOptions = {}): ShimModelContext | null {
  if (typeof window === 'undefined' || typeof document === 'undefined') return null;
  if (!window.isSecureContext) return null;
  if (isNativeWebMCP()) return null;
  if (installed) return installed.context;

  const context = new ShimModelContext();
  const undo: Array<() => void> = [];

  Object.defineProperty(document, 'modelContext', { configurable: true, enumerable: true, value: context });
  undo.push(() => delete (document as { modelContext?: unknown }).modelContext);

  if (options.navigatorAlias !== false && !('modelContext' in navigator)) {
    Object.defineProperty(navigator, 'modelContext', {
      configurable: true,
      get() {
        if (!warnedAboutNavigator) {
          warnedAboutNavigator = true;
          console.warn('[modelcontext-shim] navigator.modelContext is deprecated; use document.modelContext.');
        }
        return context;
      },
    });
    undo.push(() => delete (navigator as { modelContext?: unknown }).modelContext);
  }

  undo.push(installSubmitEventShim());
  if (options.declarative !== false) {
    undo.push(installDeclarativeForms(document, context));
  }

  installed = { context, undo };
  return context;
}

export function uninstall(): void {
  if (!installed) return;
  for (const step of installed.undo.reverse()) step();
  installed.context.reset();
  installed = null;
  warnedAboutNavigator = false;
}
