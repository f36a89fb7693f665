// Runs every conformance page in Chromium with WebMCP enabled and prints one line per
// subtest. Exit code 1 when any subtest fails.
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = new URL('../conformance/', import.meta.url).pathname;
const BASE = process.env.CONFORMANCE_BASE ?? 'http://127.0.0.1:8000/conformance/';

async function pages(dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'resources') found.push(...(await pages(path)));
    else if (entry.name.endsWith('.html')) found.push(relative(ROOT, path));
  }
  return found.sort();
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--enable-features=WebMCPTesting', '--no-sandbox'],
});

let failures = 0;
for (const path of await pages(ROOT)) {
  const page = await browser.newPage();
  await page.exposeFunction('__report', () => {});
  await page.addInitScript(() => {
    window.__results = new Promise((resolve) => {
      window.addEventListener('load', () => {
        window.add_completion_callback((tests) =>
          resolve(tests.map((t) => ({ name: t.name, status: t.status, message: t.message }))),
        );
      });
    });
  });
  await page.goto(BASE + path);
  const supported = await page.evaluate(() => 'modelContext' in document);
  if (!supported) {
    console.log(`SKIP ${path}: document.modelContext is missing (is WebMCPTesting on?)`);
    await page.close();
    continue;
  }
  const results = await page.evaluate(() => window.__results);
  for (const result of results) {
    const ok = result.status === 0;
    if (!ok) failures++;
    console.log(`${ok ? 'PASS' : 'FAIL'} ${path} :: ${result.name}${ok ? '' : ` — ${result.message}`}`);
  }
  await page.close();
}
await browser.close();
process.exit(failures ? 1 : 0);
