import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './e2e',
  use: {
    baseURL: 'http://127.0.0.1:4173',
    launchOptions: {
      executablePath: process.env.CHROME_PATH,
      args: ['--enable-features=WebMCPTesting'],
    },
  },
  webServer: { command: 'vite preview --port 4173 --strictPort', port: 4173 },
});
