import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router-dom";
import "@mcp-b/global";
import { getModelContext, registerAll, registerWebMcpTool } from "@webmcp";
import { ACCOUNT_TOOLS } from "@tools/account";
import { createNavigateTool } from "./tools/factories/index.ts";
import { cartEvents } from "@tools/shared/base";
import { Header } from "./components/Header";
import { OrderTools } from "./components/OrderTools";
import { SearchTools } from "./components/SearchTools";
import { PromoTools } from "./components/PromoTools";
import { WishlistTools } from "./components/WishlistTools";
import { ReviewTools } from "./components/ReviewTools";
import { RemoteTools } from "./components/RemoteTools";
import { LocaleTools } from "./components/LocaleTools";

export default function App() {
  const navigate = useNavigate();
  const { sku } = useParams();
  const [cartItems, setCartItems] = useState(0);
  const [signedIn] = useState(() => document.cookie.includes("session="));

  useEffect(() => {
    const controller = new AbortController();
    registerAll(controller.signal);
    void registerWebMcpTool(createNavigateTool(navigate), controller.signal);

    const mc = getModelContext();
    if (mc && signedIn) {
      for (const tool of ACCOUNT_TOOLS) {
        mc.registerTool(tool, { signal: controller.signal }).catch(() => {});
      }
    }
    return () => controller.abort();
  }, [navigate, signedIn]);

  useEffect(() => {
    const refresh = () => fetch("/api/cart").then((r) => r.json()).then((c) => setCartItems(c.items));
    cartEvents.addEventListener("change", refresh);
    return () => cartEvents.removeEventListener("change", refresh);
  }, []);

  return (
    <>
      <Header cartItems={cartItems} />
      <SearchTools />
      <OrderTools signedIn={signedIn} />
      <PromoTools />
      <WishlistTools wishlist={[]} />
      {sku && <ReviewTools sku={sku} />}
      <RemoteTools />
      <LocaleTools />
      <main>
        <h1>Homeware & textiles, made to last</h1>
      </main>
    </>
  );
}
