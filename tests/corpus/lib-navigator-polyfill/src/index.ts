export { ModelContext } from './model-context';
export type {
  JsonSchema,
  ModelContextInit,
  RegisterToolOptions,
  ToolAnnotations,
  ToolDefinition,
  ToolInfo,
} from './model-context';
export { installModelContext, uninstallModelContext, type InstallOptions } from './install';

declare global {
  interface Navigator {
    modelContext?: import('./model-context').ModelContext;
  }
}
