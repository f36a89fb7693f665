import * as orders from "@tools/orders/orderTools";
import { useTool } from "@/hooks/useTool";
import { ToolBinder } from "./ToolBinder";

export function OrderTools({ signedIn }: { signedIn: boolean }) {
  useTool(orders.returnOrderTool, signedIn);
  return <ToolBinder tool={orders.trackOrderTool} enabled={signedIn} />;
}
