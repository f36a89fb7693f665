"use client";

import { z } from "zod";
import { useWebMCP } from "@mcp-b/react-webmcp";
import { useMealPlan } from "@/lib/mealPlan";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const MEALS = ["breakfast", "lunch", "dinner"] as const;

export function useMealPlanTools() {
  const plan = useMealPlan();

  useWebMCP({
    name: "get_meal_plan",
    description: "Read this week's meal plan: which recipe is planned for each day and meal.",
    inputSchema: {},
    annotations: { readOnlyHint: true },
    handler: async () => JSON.stringify(plan.entries),
  });

  useWebMCP({
    name: "add_to_meal_plan",
    description:
      "Plan a recipe for a day and meal of this week. Days: monday, tuesday, wednesday, thursday, friday, saturday, sunday. Meals: breakfast, lunch or dinner.",
    inputSchema: {
      slug: z.string().describe("Recipe slug"),
      day: z.enum(DAYS).describe("Day of the week"),
      meal: z.enum(MEALS).default("dinner").describe("Which meal"),
    },
    handler: async ({ slug, day, meal }) => {
      plan.add({ slug, day, meal });
      return `Planned ${slug} for ${day} ${meal}.`;
    },
  });

  useWebMCP({
    name: "remove_from_meal_plan",
    description: "Remove the recipe planned for a day and meal.",
    inputSchema: {
      day: z.enum(DAYS),
      meal: z.enum(MEALS),
    },
    annotations: { destructiveHint: true },
    handler: async ({ day, meal }) => {
      const removed = plan.remove(day, meal);
      return removed ? `Removed ${day} ${meal}.` : `Nothing was planned for ${day} ${meal}.`;
    },
  });
}
