import '@mcp-b/global';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerExportTool, unregisterExportTool } from './webmcp/boardSharing';

registerExportTool();
import.meta.hot?.dispose(unregisterExportTool);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
