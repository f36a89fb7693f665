import { CATEGORIES, getJson, type Summary, type Transaction } from "./api";
import { drawSpending } from "./charts";
import { registerAlertTools } from "./tools/alerts";

const summaryEl = document.querySelector<HTMLElement>("#summary")!;
const table = document.querySelector<HTMLTableElement>("#transactions")!;
let transactions: Transaction[] = [];

function renderTable(rows: Transaction[]) {
  table.innerHTML = rows
    .map((t) => `<tr><td>${t.date}</td><td>${t.payee}</td><td>${t.amount.toFixed(2)}</td><td>${t.category ?? ""}</td></tr>`)
    .join("");
}

async function load() {
  const summary = await getJson<Summary>("/api/summary");
  summaryEl.textContent = `Balance ${summary.balance.toFixed(2)} € · spent ${summary.spending30d.toFixed(2)} € in 30 days`;
  transactions = await getJson<Transaction[]>("/api/transactions?limit=200");
  renderTable(transactions);
  drawSpending(document.querySelector("#chart")!, transactions);
}

function registerDashboardTools() {
  const context = document.modelContext;
  if (!context?.registerTool) return;
  const lifecycle = new AbortController();
  const report = (error: unknown) => console.warn("Ledgerly: a WebMCP tool could not be registered", error);

  const register = (tool: ModelContextTool) => {
    try {
      void Promise.resolve(context.registerTool(tool, { signal: lifecycle.signal })).catch(report);
    } catch (error) {
      report(error);
    }
  };

  register({
    name: "get_account_summary",
    title: "Account summary",
    description: "Current balance, income and spending over the last 30 days, and each budget with how much of it is spent.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    async execute(_input, { signal }) {
      return getJson<Summary>("/api/summary", { signal });
    },
  });

  register({
    name: "list_transactions",
    title: "List transactions",
    description: "List recent transactions, newest first, optionally only those of one category or payee.",
    inputSchema: {
      type: "object",
      properties: {
        category: { type: "string", enum: [...CATEGORIES] },
        payee: { type: "string", description: "Part of the payee name" },
        limit: { type: "integer", minimum: 1, maximum: 200, default: 20 },
      },
    },
    annotations: { readOnlyHint: true, untrustedContentHint: true },
    async execute({ category, payee, limit }) {
      const qs = new URLSearchParams({ limit: String(limit) });
      if (category) qs.set("category", category);
      if (payee) qs.set("payee", payee);
      return getJson<Transaction[]>(`/api/transactions?${qs}`);
    },
  });

  register({
    name: "categorize_transaction",
    title: "Categorize a transaction",
    description: "Set the category of one transaction. The spending chart and budgets update right away.",
    inputSchema: {
      type: "object",
      properties: {
        transactionId: { type: "string" },
        category: { type: "string", enum: [...CATEGORIES] },
      },
      required: ["transactionId", "category"],
    },
    async execute({ transactionId, category }, { signal }) {
      if (!CATEGORIES.includes(category)) {
        throw new Error(`Unknown category "${category}"`);
      }
      const updated = await getJson<Transaction>(`/api/transactions/${transactionId}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ category }),
        signal,
      });
      transactions = transactions.map((t) => (t.id === updated.id ? updated : t));
      renderTable(transactions);
      drawSpending(document.querySelector("#chart")!, transactions);
      return { id: updated.id, category: updated.category };
    },
  });

  register({
    name: "set_budget",
    title: "Set a monthly budget",
    description: "Set or change the monthly spending limit for a category.",
    inputSchema: {
      type: "object",
      properties: {
        category: { type: "string", enum: [...CATEGORIES] },
        limit: { type: "number", minimum: 0, description: "Monthly limit in euros" },
      },
      required: ["category", "limit"],
    },
    async execute({ category, limit }) {
      await fetch(`/api/budgets/${category}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ limit }),
      });
      return { category, limit };
    },
  });

  window.addEventListener("pagehide", () => lifecycle.abort(), { once: true });
}

load();
registerDashboardTools();
registerAlertTools();
