import { mountApp } from './app';
import { hasWebMCP } from './webmcp/support';
import { registerShopTools } from './webmcp/register';
import { startEmbedBridge } from './webmcp/embed';
import { mountToolInspector } from './dev/toolInspector';

mountApp(document.getElementById('root')!);

const tools = new AbortController();
if (hasWebMCP()) {
  void registerShopTools(tools.signal);
}

if (import.meta.env.DEV) {
  mountToolInspector();
}

if (window.parent !== window) {
  startEmbedBridge();
}

if (import.meta.hot) {
  import.meta.hot.dispose(() => tools.abort());
}
