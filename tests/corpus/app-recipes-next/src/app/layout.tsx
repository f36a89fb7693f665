import type { Metadata } from "next";
import { Toaster } from "sonner";
import { SiteHeader } from "@/components/SiteHeader";
import { WebMcpTools } from "@/components/WebMcpTools";
import "./globals.css";

export const metadata: Metadata = {
  title: "Forkful — recipes & meal plans",
  description: "Find recipes, plan your week and build a shopping list.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <SiteHeader />
        <WebMcpTools />
        <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
        <Toaster richColors />
      </body>
    </html>
  );
}
