import { expect, test } from '@playwright/test';
import { callTool, waitForTools } from './helpers';

test.beforeEach(async ({ page }) => {
  await page.route('**/api/products?*', (route) =>
    route.fulfill({ json: [{ id: 'mug-01', title: 'Stoneware mug', price: 14, category: 'kitchen', stock: 8 }] }),
  );
  await page.goto('/');
  await waitForTools(page, ['search_products', 'add_to_cart']);
});

test('lists the shop tools with their annotations', async ({ page }) => {
  const tools = await page.evaluate(async () =>
    (await document.modelContext!.getTools()).map((t) => ({ name: t.name, readOnly: t.annotations?.readOnlyHint })),
  );
  expect(tools).toContainEqual({ name: 'search_products', readOnly: true });
  expect(tools).toContainEqual({ name: 'place_order', readOnly: false });
});

test('search returns products', async ({ page }) => {
  const result = await callTool(page, 'search_products', { query: 'mug' });
  expect(result).toEqual([{ id: 'mug-01', title: 'Stoneware mug', price: 14, inStock: true }]);
});

test('scroll_to_section scrolls and changes nothing else', async ({ page }) => {
  const before = await page.locator('[data-test=cart-count]').textContent();
  await page.evaluate(async () => {
    const tool = (await document.modelContext!.getTools()).find((t) => t.name === 'scroll_to_section')!;
    await document.modelContext!.executeTool(tool, { section: 'reviews' });
  });
  await expect(page.locator('#reviews')).toBeInViewport();
  await expect(page.locator('[data-test=cart-count]')).toHaveText(before ?? '');
});

test('the agent cannot call a removed API', async ({ page }) => {
  const shape = await page.evaluate(() => ({
    unregister: typeof (document.modelContext as unknown as Record<string, unknown>).unregisterTool,
    onNavigator: 'modelContext' in navigator,
  }));
  expect(shape).toEqual({ unregister: 'undefined', onNavigator: false });
});
