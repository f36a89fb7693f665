import { expect, test } from '@playwright/test';

test('the home page offers its tools', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction(() => 'modelContext' in document);
  const names = await page.evaluate(async () => (await document.modelContext!.getTools()).map((t) => t.name).sort());
  expect(names).toEqual(['get_reading_list', 'save_for_later', 'search_posts', 'subscribe']);
});

test('save_for_later then get_reading_list', async ({ page }) => {
  await page.goto('/');
  const titles = await page.evaluate(async () => {
    const mc = document.modelContext!;
    const tools = await mc.getTools();
    const save = tools.find((t) => t.name === 'save_for_later')!;
    const list = tools.find((t) => t.name === 'get_reading_list')!;
    await mc.executeTool(save, { slug: 'nightjars-at-dusk' });
    return JSON.parse((await mc.executeTool(list, {}))!);
  });
  expect(titles).toEqual(['Nightjars at dusk']);
});

test('a post page adds scroll_to_heading and post_comment', async ({ page }) => {
  await page.goto('/posts/nightjars-at-dusk');
  await page.locator('#comments form').scrollIntoViewIfNeeded();
  await expect
    .poll(() => page.evaluate(async () => (await document.modelContext!.getTools()).map((t) => t.name)))
    .toEqual(expect.arrayContaining(['scroll_to_heading', 'post_comment']));
});

test('tool metadata matches the manifest', async ({ page }) => {
  await page.goto('/');
  const tools = await page.evaluate(() => (navigator as any).modelContextTesting.listTools());
  for (const tool of tools) {
    expect(tool.description.length).toBeLessThanOrEqual(500);
    expect(tool.name).toMatch(/^[a-z_]+$/);
  }
});
