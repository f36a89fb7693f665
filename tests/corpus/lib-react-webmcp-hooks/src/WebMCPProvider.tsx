import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { getModelContext } from './modelContext';
import type { RegisteredToolInfo } from './types';

const ToolsContext = createContext<{ available: boolean; tools: RegisteredToolInfo[] }>({
  available: false,
  tools: [],
});

/** Keeps the list of registered tools in React state, for debug panels. */
export function WebMCPProvider({ children }: { children: ReactNode }) {
  const [tools, setTools] = useState<RegisteredToolInfo[]>([]);
  const mc = getModelContext();

  useEffect(() => {
    if (!mc?.getTools) return;
    let stale = false;
    const refresh = () => {
      mc.getTools!().then((list) => {
        if (!stale) setTools(list);
      });
    };
    refresh();
    mc.addEventListener('toolchange', refresh);
    return () => {
      stale = true;
      mc.removeEventListener('toolchange', refresh);
    };
  }, [mc]);

  return <ToolsContext.Provider value={{ available: mc !== undefined, tools }}>{children}</ToolsContext.Provider>;
}

export function useRegisteredTools() {
  return useContext(ToolsContext);
}
