import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerShopTools, SHOP_TOOLS } from '../register';
import { hasWebMCP } from '../support';
import { installFakeModelContext, removeModelContext, type FakeModelContext } from './fakeModelContext';

describe('registerShopTools', () => {
  let fake: FakeModelContext;
  let controller: AbortController;

  beforeEach(() => {
    fake = installFakeModelContext();
    controller = new AbortController();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    controller.abort();
    removeModelContext();
    vi.restoreAllMocks();
  });

  it('registers every tool, view tools included', async () => {
    await expect(registerShopTools(controller.signal)).resolves.toEqual([]);
    expect([...fake.tools.keys()].sort()).toEqual(
      [...SHOP_TOOLS.map((t) => t.name), 'highlight_products', 'scroll_to_section'].sort(),
    );
  });

  it('keeps going when one name is taken', async () => {
    await document.modelContext!.registerTool({
      name: 'view_cart',
      description: 'Registered by another widget on the page first.',
      execute: () => [],
    });
    const failed = await registerShopTools(controller.signal);
    expect(failed).toEqual(['view_cart']);
    expect(fake.tools.has('search_products')).toBe(true);
  });

  it('removes the tools when the signal aborts', async () => {
    await registerShopTools(controller.signal);
    controller.abort();
    expect(fake.tools.size).toBe(0);
  });

  it('marks read-only and consequential tools', () => {
    const byName = Object.fromEntries(SHOP_TOOLS.map((t) => [t.name, t]));
    expect(byName.search_products.annotations?.readOnlyHint).toBe(true);
    expect(byName.place_order.annotations?.consequentialHint).toBe(true);
  });
});

describe('hasWebMCP', () => {
  it('is false in plain jsdom', () => {
    removeModelContext();
    expect(hasWebMCP()).toBe(false);
  });

  it('is true with a model context', () => {
    installFakeModelContext();
    expect(hasWebMCP()).toBe(true);
    removeModelContext();
  });
});
