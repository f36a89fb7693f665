import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtinTools } from '../src/builtin-tools';
import { exposeWidgetTools } from '../src/child';
import { installFakeModelContext, uninstallModelContext } from './fake';

describe('exposeWidgetTools', () => {
  beforeEach(() => {
    vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    uninstallModelContext();
  });

  it('announces the tools without their execute functions', () => {
    exposeWidgetTools(
      [{ name: 'convert_currency', description: 'Converts an amount between currencies.', execute: () => 1 }],
      { hostOrigin: 'https://shop.example' },
    );
    expect(window.parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'tools', tools: [{ name: 'convert_currency', description: 'Converts an amount between currencies.' }] }),
      'https://shop.example',
    );
  });

  it('also registers directly, exposed to the host', () => {
    const fake = installFakeModelContext();
    const element = document.createElement('div');
    exposeWidgetTools(builtinTools({ name: 'FX', version: '2.0.0', element }), { hostOrigin: 'https://shop.example' });
    expect(fake.registerTool).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'get_widget_info' }),
      expect.objectContaining({ exposedTo: ['https://shop.example'] }),
    );
  });

  it('passes an insecure host origin through for the browser to reject', async () => {
    const fake = installFakeModelContext();
    exposeWidgetTools([{ name: 'quote', description: 'Quotes a price.', execute: () => 1 }], { hostOrigin: 'http://shop.example' });
    expect(fake.registerTool.mock.calls[0][1].exposedTo).toEqual(['http://shop.example']);
  });
});
