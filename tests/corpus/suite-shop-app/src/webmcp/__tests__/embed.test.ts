import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmbedBridge } from '../embed';
import { installFakeModelContext, removeModelContext, type FakeModelContext } from './fakeModelContext';

function postFromPartner(data: unknown, origin = 'https://partners.harbour.example') {
  const source = { postMessage: vi.fn() };
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as unknown as Window }));
  return source;
}

describe('embed bridge', () => {
  let fake: FakeModelContext;

  beforeEach(() => {
    vi.useFakeTimers();
    fake = installFakeModelContext();
    startEmbedBridge();
  });

  afterEach(() => {
    vi.useRealTimers();
    removeModelContext();
  });

  it('registers the featured tool after the debounce', async () => {
    postFromPartner({ type: 'harbour:featured', productIds: ['mug-01', 'lamp-02'] });
    expect(fake.tools.size).toBe(0);
    await vi.advanceTimersByTimeAsync(200);
    expect([...fake.tools.keys()]).toEqual(['add_featured_to_cart']);
  });

  it('ignores other origins', async () => {
    postFromPartner({ type: 'harbour:featured', productIds: ['mug-01'] }, 'https://evil.example');
    await vi.advanceTimersByTimeAsync(200);
    expect(fake.tools.size).toBe(0);
  });

  it('tells the partner when WebMCP is missing', () => {
    removeModelContext();
    const source = postFromPartner({ type: 'harbour:featured', productIds: ['mug-01'] });
    expect(source.postMessage).toHaveBeenCalledWith(
      { type: 'harbour:webmcp', supported: false },
      { targetOrigin: 'https://partners.harbour.example' },
    );
  });
});
