/// <reference types="webmcp-types" />
import { expectTypeOf, test } from 'vitest';
import { SHOP_TOOLS } from './register';
import { placeOrderTool } from './tools/checkout';

test('shop tools are ModelContextTools', () => {
  expectTypeOf(SHOP_TOOLS).toEqualTypeOf<WebMCP.ModelContextTool[]>();
  expectTypeOf(placeOrderTool.execute).parameter(1).toEqualTypeOf<{ signal: AbortSignal }>();
});

test('registerTool resolves to undefined', () => {
  expectTypeOf<WebMCP.ModelContext['registerTool']>().returns.toEqualTypeOf<Promise<undefined>>();
});

test('the removed API is gone from the types', () => {
  // @ts-expect-error unregisterTool was removed in March 2026
  expectTypeOf<WebMCP.ModelContext['unregisterTool']>().toBeFunction();
  expectTypeOf(document.modelContext).toEqualTypeOf<WebMCP.ModelContext | undefined>();
});
