import { useEffect, useRef } from 'react';
import { getModelContext } from './modelContext';

type ToolEventName = 'toolactivated' | 'toolcancel';

/** Calls `handler(toolName)` when an agent activates or cancels a declarative tool. */
export function useToolEvent(event: ToolEventName, handler: (toolName: string) => void, toolName?: string): void {
  const handlerRef = useRef(handler);
  handlerRef.current = handler;

  useEffect(() => {
    const mc = getModelContext();
    if (!mc) return;
    const listener = (e: Event) => {
      const name = (e as Event & { toolName?: string }).toolName ?? '';
      if (toolName === undefined || toolName === name) handlerRef.current(name);
    };
    mc.addEventListener(event, listener);
    return () => mc.removeEventListener(event, listener);
  }, [event, toolName]);
}
