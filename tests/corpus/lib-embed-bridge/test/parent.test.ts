import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptWidgetTools } from '../src/parent';
import { PROTOCOL } from '../src/protocol';
import { installFakeModelContext, uninstallModelContext } from './fake';

const WIDGET = 'https://widgets.framewire.example';

function frame() {
  const iframe = document.createElement('iframe');
  document.body.append(iframe);
  vi.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => undefined);
  return iframe;
}

function fromWidget(iframe: HTMLIFrameElement, data: object, origin = WIDGET) {
  window.dispatchEvent(new MessageEvent('message', { data: { protocol: PROTOCOL, ...data }, origin, source: iframe.contentWindow }));
}

describe('acceptWidgetTools', () => {
  let fake: ReturnType<typeof installFakeModelContext>;

  beforeEach(() => {
    vi.useFakeTimers();
    fake = installFakeModelContext();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    uninstallModelContext();
    document.body.innerHTML = '';
  });

  it('registers proxies once the announcements settle', async () => {
    const iframe = frame();
    const stop = acceptWidgetTools(iframe, { widgetOrigin: WIDGET, prefix: 'fx_' });
    fromWidget(iframe, { type: 'tools', tools: [{ name: 'convert_currency', description: 'Converts an amount.' }] });
    fromWidget(iframe, {
      type: 'tools',
      tools: [
        { name: 'convert_currency', description: 'Converts an amount.' },
        { name: 'list_currencies', description: 'Lists supported currencies.' },
      ],
    });
    expect(fake.registerTool).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60);
    expect([...fake.tools.keys()]).toEqual(['fx_convert_currency', 'fx_list_currencies']);
    stop();
    expect(fake.tools.size).toBe(0);
  });

  it('reports widget tools the browser rejects', async () => {
    const iframe = frame();
    acceptWidgetTools(iframe, { widgetOrigin: WIDGET });
    fromWidget(iframe, {
      type: 'tools',
      tools: [
        { name: 'convert currency', description: 'A name with a space, rejected by the browser.' },
        { name: 'ok_tool', description: 'A valid one.' },
      ],
    });
    await vi.advanceTimersByTimeAsync(60);
    expect([...fake.tools.keys()]).toEqual(['ok_tool']);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('convert currency'));
  });

  it('marks proxied output as untrusted', async () => {
    const iframe = frame();
    acceptWidgetTools(iframe, { widgetOrigin: WIDGET });
    fromWidget(iframe, { type: 'tools', tools: [{ name: 'quote', description: 'Quotes a price.', annotations: { readOnlyHint: true } }] });
    await vi.advanceTimersByTimeAsync(60);
    expect(fake.registerTool.mock.calls[0][0].annotations).toEqual({ readOnlyHint: true, untrustedContentHint: true });
  });

  it('forwards a call and returns the answer', async () => {
    const iframe = frame();
    acceptWidgetTools(iframe, { widgetOrigin: WIDGET });
    fromWidget(iframe, { type: 'tools', tools: [{ name: 'quote', description: 'Quotes a price.' }] });
    await vi.advanceTimersByTimeAsync(60);
    const running = fake.tools.get('quote')!.execute({ sku: 'A1' }, { signal: new AbortController().signal });
    const [[sent]] = (iframe.contentWindow!.postMessage as ReturnType<typeof vi.fn>).mock.calls.filter(
      ([m]) => m.type === 'call',
    );
    fromWidget(iframe, { type: 'result', id: sent.id, ok: true, value: { price: 12 } });
    await expect(running).resolves.toEqual({ price: 12 });
  });

  it('ignores announcements from another origin', async () => {
    const iframe = frame();
    acceptWidgetTools(iframe, { widgetOrigin: WIDGET });
    fromWidget(iframe, { type: 'tools', tools: [{ name: 'evil', description: 'From elsewhere.' }] }, 'https://evil.example');
    await vi.advanceTimersByTimeAsync(60);
    expect(fake.registerTool).not.toHaveBeenCalled();
  });

  it('does nothing without WebMCP', async () => {
    uninstallModelContext();
    const iframe = frame();
    acceptWidgetTools(iframe, { widgetOrigin: WIDGET });
    fromWidget(iframe, { type: 'tools', tools: [{ name: 'quote', description: 'Quotes a price.' }] });
    await expect(vi.advanceTimersByTimeAsync(60)).resolves.not.toThrow();
  });
});
