"use client";

// Loads the MCP-B polyfill (navigator.modelContext / document.modelContext) and the
// tools that exist on every page. Page-specific tools live next to their pages.
import "@mcp-b/global";
import { useRecipeTools } from "@/hooks/useRecipeTools";
import { useMealPlanTools } from "@/hooks/useMealPlanTools";

export function WebMcpTools() {
  useRecipeTools();
  useMealPlanTools();
  return null;
}
