import { getJson } from "../api";

interface Alert {
  id: string;
  kind: "low-balance" | "large-payment" | "budget";
  threshold: number;
  channel: "email" | "push";
}

const alertTools: ModelContextTool[] = [
  {
    name: "list_alerts",
    description: "List the alerts set up on this account.",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
    execute: () => getJson<Alert[]>("/api/alerts"),
  },
  {
    name: "create_alert",
    description:
      "Create an alert that notifies the user by email or push when the balance falls below, or a payment goes above, a threshold.",
    inputSchema: {
      type: "object",
      properties: {
        kind: { type: "string", enum: ["low-balance", "large-payment", "budget"] },
        threshold: { type: "number", minimum: 0 },
        channel: { type: "string", enum: ["email", "push"], default: "push" },
      },
      required: ["kind", "threshold"],
    },
    execute: async ({ kind, threshold, channel = "push" }) =>
      getJson<Alert>("/api/alerts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind, threshold, channel }),
      }),
  },
  {
    name: "delete_alert",
    description: "Delete an alert by id.",
    inputSchema: {
      type: "object",
      properties: { alertId: { type: "string" } },
      required: ["alertId"],
    },
    annotations: { destructiveHint: true } as ModelContextTool["annotations"],
    execute: async ({ alertId }) => {
      await getJson(`/api/alerts/${alertId}`, { method: "DELETE" });
      return { deleted: alertId };
    },
  },
];

export function registerAlertTools() {
  if (!document.modelContext) return;
  for (const tool of alertTools) {
    document.modelContext.registerTool(tool);
  }
}
