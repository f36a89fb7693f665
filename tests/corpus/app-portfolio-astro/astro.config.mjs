import { defineConfig } from "astro/config";

export default defineConfig({
  site: "https://maralindqvist.design",
  trailingSlash: "never",
});
