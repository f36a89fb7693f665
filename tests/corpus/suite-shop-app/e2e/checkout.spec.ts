import { expect, test } from '@playwright/test';
import { callTool, waitForTools } from './helpers';

test.describe('checkout through tools', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/products/mug-01', (route) =>
      route.fulfill({ json: { id: 'mug-01', title: 'Stoneware mug', price: 14, category: 'kitchen', stock: 8 } }),
    );
    await page.route('**/api/orders', (route) => route.fulfill({ json: { orderId: 'H-2001', total: 28 } }));
    await page.goto('/');
    await waitForTools(page, ['add_to_cart', 'place_order']);
  });

  test('adds to the cart and orders', async ({ page }) => {
    await callTool(page, 'add_to_cart', { productId: 'mug-01', quantity: 2 });
    await expect(page.locator('[data-test=cart-count]')).toHaveText('2');
    const order = await callTool(page, 'place_order', { shipping: 'standard' });
    expect(order).toEqual({ orderId: 'H-2001', total: 28 });
  });

  test('ordering an empty cart fails without details', async ({ page }) => {
    const error = await page.evaluate(async () => {
      const tool = (await document.modelContext!.getTools()).find((t) => t.name === 'place_order')!;
      try {
        await document.modelContext!.executeTool(tool, { shipping: 'standard' });
        return null;
      } catch (e) {
        return (e as DOMException).name;
      }
    });
    expect(error).toBe('UnknownError');
  });

  test('a coupon lowers the total', async ({ page }) => {
    await callTool(page, 'add_to_cart', { productId: 'mug-01', quantity: 1 });
    expect(await callTool(page, 'apply_coupon', { code: 'HARBOUR10' })).toEqual({ applied: true, total: 12.6 });
  });
});
