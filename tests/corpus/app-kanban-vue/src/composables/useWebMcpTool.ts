import { onMounted, onUnmounted } from "vue";
import { getModelContext, type WebMcpTool } from "@/lib/modelContext";

export interface UseWebMcpToolOptions extends WebMcpTool {
  /** The view that owns the tool; used in logs only. */
  page: string;
}

/**
 * Registers a WebMCP tool while the calling component is mounted.
 *
 *   useWebMcpTool({
 *     name: "kanban_get_board",
 *     description: "...",
 *     page: "BoardView",
 *     execute: async () => textResult(board.cards),
 *   });
 */
export function useWebMcpTool(options: UseWebMcpToolOptions) {
  const { page, ...tool } = options;
  let controller: AbortController | null = null;

  onMounted(() => {
    const modelContext = getModelContext();
    if (!modelContext) return;
    controller = new AbortController();
    modelContext.registerTool(tool, { signal: controller.signal }).catch((error) => {
      console.warn(`[webmcp:${page}] ${tool.name} was not registered`, error);
    });
  });

  onUnmounted(() => {
    controller?.abort();
    controller = null;
  });
}
