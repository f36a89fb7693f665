/**
 * WebMCP is only in Chrome builds with chrome://flags/#enable-webmcp-testing or the origin
 * trial token. Everything agent-related is skipped where it is missing.
 */
export function isWebMCPSupported(): boolean {
  return typeof navigator !== 'undefined' && 'modelContext' in navigator;
}
