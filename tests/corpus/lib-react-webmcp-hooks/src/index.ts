export { useWebMCPTool } from './useWebMCPTool';
export { useToolEvent } from './useToolEvent';
export { WebMCPForm } from './WebMCPForm';
export type { WebMCPFormProps } from './WebMCPForm';
export { WebMCPProvider, useRegisteredTools } from './WebMCPProvider';
export { getModelContext, isWebMCPAvailable } from './modelContext';
export type { WebMCPToolConfig, JsonSchema, ToolAnnotations } from './types';
