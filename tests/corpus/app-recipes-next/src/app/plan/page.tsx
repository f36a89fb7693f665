"use client";

import { useEffect } from "react";
import { ShoppingList } from "@/components/ShoppingList";
import { useMealPlan } from "@/lib/mealPlan";

function download(filename: string, text: string) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = filename;
  a.click();
  URL.revokeObjectURL(a.href);
}

export default function PlanPage() {
  const plan = useMealPlan();

  useEffect(() => {
    // The polyfill from WebMcpTools is always loaded, so modelContext exists here.
    document.modelContext.registerTool({
      name: "export_meal_plan",
      description: "Download this week's meal plan as a text file.",
      inputSchema: { type: "object", properties: {} },
      async execute() {
        const lines = plan.entries.map((e) => `${e.day} ${e.meal}: ${e.slug}`);
        download("meal-plan.txt", lines.join("\n"));
        return { downloaded: "meal-plan.txt", entries: lines.length };
      },
    });
  }, [plan.entries]);

  return (
    <div className="grid gap-8 md:grid-cols-2">
      <section>
        <h1 className="text-2xl">This week</h1>
        <table>
          <tbody>
            {plan.entries.map((e) => (
              <tr key={`${e.day}-${e.meal}`}>
                <td>{e.day}</td>
                <td>{e.meal}</td>
                <td>
                  <a href={`/recipes/${e.slug}?from=plan&servings=2`}>{e.slug}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ShoppingList />
    </div>
  );
}
