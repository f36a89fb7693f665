import { addToCartTool, removeFromCartTool, viewCartTool } from './tools/cart';
import { getProductTool, searchProductsTool } from './tools/catalog';
import { applyCouponTool, placeOrderTool } from './tools/checkout';
import { registerViewTools } from './tools/ui';

export const SHOP_TOOLS: WebMCP.ModelContextTool[] = [
  searchProductsTool,
  getProductTool,
  addToCartTool,
  removeFromCartTool,
  viewCartTool,
  applyCouponTool,
  placeOrderTool,
];

/**
 * Registers every shop tool. Resolves with the names that failed, so one bad tool does
 * not keep the others from the agent.
 */
export async function registerShopTools(signal: AbortSignal): Promise<string[]> {
  const mc = document.modelContext!;
  const results = await Promise.allSettled([
    ...SHOP_TOOLS.map((tool) => mc.registerTool(tool, { signal })),
    registerViewTools(mc, signal),
  ]);
  const failed: string[] = [];
  results.forEach((result, index) => {
    if (result.status === 'rejected') {
      const name = SHOP_TOOLS[index]?.name ?? 'view tools';
      console.warn(`[webmcp] ${name} was not registered:`, result.reason);
      failed.push(name);
    }
  });
  return failed;
}
