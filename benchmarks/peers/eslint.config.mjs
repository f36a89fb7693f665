// ESLint 9 for the benchmark (benchmarks/run.py): one rule, the cheapest way ESLint can
// find WebMCP code, over every kind of file webmcp-lint reads.
import html from "eslint-plugin-html";
import tsParser from "@typescript-eslint/parser";
import vueParser from "vue-eslint-parser";
import svelteParser from "svelte-eslint-parser";
import * as astroParser from "astro-eslint-parser";

const rules = {
  "no-restricted-syntax": [
    "error",
    { selector: "MemberExpression[property.name='modelContext']", message: "WebMCP" },
  ],
};
const languageOptions = { ecmaVersion: "latest", sourceType: "module" };

export default [
  { files: ["**/*.{js,mjs,cjs,jsx}"], languageOptions: { ...languageOptions, parserOptions: { ecmaFeatures: { jsx: true } } }, rules },
  { files: ["**/*.{ts,mts,cts,tsx}"], languageOptions: { ...languageOptions, parser: tsParser }, rules },
  { files: ["**/*.{html,htm}"], plugins: { html }, languageOptions, rules },
  { files: ["**/*.vue"], languageOptions: { ...languageOptions, parser: vueParser, parserOptions: { parser: tsParser } }, rules },
  { files: ["**/*.svelte"], languageOptions: { ...languageOptions, parser: svelteParser, parserOptions: { parser: tsParser } }, rules },
  { files: ["**/*.astro"], languageOptions: { ...languageOptions, parser: astroParser, parserOptions: { parser: tsParser } }, rules },
];
