import { useTool } from "../hooks/useTool";

type Props = { tool: WebMCP.ModelContextTool; enabled?: boolean };

/** Renders nothing; keeps `tool` registered while it is mounted. */
export function ToolBinder({ tool, enabled = true }: Props) {
  useTool(tool, enabled);
  return null;
}
