// Installs on load: `import 'navigator-modelcontext/auto'`, or the IIFE build
// (dist/auto.global.js) in a <script> tag.
import { installModelContext } from './install';

export const modelContext = installModelContext();
export { ModelContext, installModelContext, uninstallModelContext } from './index';
