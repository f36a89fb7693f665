import { useEffect, useRef } from "react";
import { registerWebMcpTool } from "@webmcp";

/**
 * Keeps a WebMCP tool registered while the calling component is mounted.
 * `execute` is read through a ref so a new closure does not re-register the tool.
 */
export function useTool(tool: WebMCP.ModelContextTool, enabled = true): void {
  const latest = useRef(tool);
  latest.current = tool;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    void registerWebMcpTool(
      { ...latest.current, execute: (input, options) => latest.current.execute(input, options) },
      controller.signal,
    );
    return () => controller.abort();
  }, [tool.name, tool.description, enabled]);
}
