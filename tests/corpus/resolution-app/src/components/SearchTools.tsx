import { useMemo } from "react";
import { api } from "@/api/client";
import { createSearchTool } from "@tools/factories";
import { useTool } from "@/hooks/useTool";

export function SearchTools() {
  const ordersTool = useMemo(() => createSearchTool(api, "orders"), []);
  const returnsTool = useMemo(() => createSearchTool(api, "returns"), []);
  useTool(ordersTool);
  useTool(returnsTool);
  return null;
}
