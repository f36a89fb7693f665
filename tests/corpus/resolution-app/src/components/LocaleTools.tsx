import { useTool } from "@/hooks/useTool";

const CURRENCIES = { de: "EUR", fr: "EUR", sv: "SEK", da: "DKK", en: "GBP" } as const;

export function LocaleTools() {
  const language = (navigator.language.slice(0, 2) as keyof typeof CURRENCIES) || "en";
  const currency = CURRENCIES[language] ?? "EUR";

  useTool({
    name: `show_prices_in_${currency.toLowerCase()}`,
    description: `Show every price on the page in ${currency} instead of euros.`,
    inputSchema: { type: "object", properties: {} },
    async execute() {
      document.documentElement.dataset.currency = currency;
      return { currency };
    },
  });

  return null;
}
