import type { ShimModelContext } from './context';
import { markAgentSubmit } from './submit-event';

// Mirrors what Chromium builds from <form toolname tooldescription> (simplified:
// text-like inputs, numbers, checkboxes, selects).

function parameterFor(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement) {
  const description =
    control.getAttribute('toolparamdescription') ??
    control.labels?.[0]?.textContent?.trim() ??
    control.getAttribute('aria-description') ??
    undefined;
  if (control instanceof HTMLSelectElement) {
    return { type: 'string', enum: [...control.options].map((o) => o.value), description };
  }
  if (control instanceof HTMLInputElement && (control.type === 'number' || control.type === 'range')) {
    return { type: 'number', description };
  }
  if (control instanceof HTMLInputElement && control.type === 'checkbox') {
    return { type: 'boolean', description };
  }
  return { type: 'string', description };
}

function schemaFor(form: HTMLFormElement) {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const element of Array.from(form.elements)) {
    if (
      !(element instanceof HTMLInputElement) &&
      !(element instanceof HTMLSelectElement) &&
      !(element instanceof HTMLTextAreaElement)
    ) {
      continue;
    }
    if (!element.name || element.disabled) continue;
    if (element instanceof HTMLInputElement && ['hidden', 'file', 'submit', 'button'].includes(element.type)) continue;
    properties[element.name] = parameterFor(element);
    if (element.required) required.push(element.name);
  }
  return { type: 'object', properties, required };
}

function fill(form: HTMLFormElement, input: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(input)) {
    const control = form.elements.namedItem(key);
    if (control instanceof HTMLInputElement && control.type === 'checkbox') {
      control.checked = Boolean(value);
    } else if (control && 'value' in control) {
      (control as HTMLInputElement).value = String(value);
    }
  }
}

export function installDeclarativeForms(root: Document, context: ShimModelContext): () => void {
  const registrations = new Map<HTMLFormElement, AbortController>();

  const scan = () => {
    for (const form of Array.from(root.querySelectorAll<HTMLFormElement>('form[toolname][tooldescription]'))) {
      if (registrations.has(form)) continue;
      const controller = new AbortController();
      registrations.set(form, controller);
      context
        .registerTool(
          {
            name: form.getAttribute('toolname') ?? '',
            description: form.getAttribute('tooldescription') ?? '',
            inputSchema: schemaFor(form),
            execute: (input) =>
              new Promise((resolve) => {
                fill(form, input);
                const submit = () => {
                  const event = new SubmitEvent('submit', { cancelable: true, bubbles: true });
                  markAgentSubmit(event, resolve);
                  if (form.dispatchEvent(event)) {
                    form.submit();
                    resolve(null);
                  }
                };
                if (form.hasAttribute('toolautosubmit')) submit();
                else form.addEventListener('submit', () => resolve(null), { once: true });
              }),
          },
          { signal: controller.signal },
        )
        .catch((error) => console.warn('[modelcontext-shim] form tool skipped:', error));
    }
    for (const [form, controller] of registrations) {
      if (!form.isConnected) {
        controller.abort();
        registrations.delete(form);
      }
    }
  };

  scan();
  const observer = new MutationObserver(scan);
  observer.observe(root.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['toolname', 'tooldescription'] });
  return () => {
    observer.disconnect();
    for (const controller of registrations.values()) controller.abort();
    registrations.clear();
  };
}
