import { expectTypeOf, test } from 'vitest';
import type { ModelContextLike, WebMCPToolConfig } from './types';
import { useWebMCPTool } from './useWebMCPTool';

test('execute receives the declared input type', () => {
  useWebMCPTool<{ query: string }>({
    name: 'typed_search',
    description: 'Type-level fixture.',
    execute: (input) => {
      expectTypeOf(input).toEqualTypeOf<{ query: string }>();
      return input.query;
    },
  });
});

test('execute gets a signal, not an agent', () => {
  expectTypeOf<Parameters<WebMCPToolConfig['execute']>[1]>().toEqualTypeOf<{ signal: AbortSignal }>();
});

test('unregisterTool is optional', () => {
  expectTypeOf<ModelContextLike['unregisterTool']>().toEqualTypeOf<((name: string) => void) | undefined>();
});

test('document.modelContext may be missing', () => {
  expectTypeOf(document.modelContext).toEqualTypeOf<ModelContextLike | undefined>();
  // @ts-expect-error provideContext was removed
  document.modelContext?.provideContext({ tools: [] });
});
