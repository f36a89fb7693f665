export function hasWebMCP(): boolean {
  return typeof document !== 'undefined' && 'modelContext' in document && document.modelContext != null;
}
