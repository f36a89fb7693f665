"use client";

import { useState } from "react";
import { z } from "zod";
import { useWebMCP } from "@mcp-b/react-webmcp";
import type { Recipe } from "@/lib/api";
import { useShoppingList } from "@/lib/shoppingList";

export function RecipeView({ recipe }: { recipe: Recipe }) {
  const [servings, setServings] = useState(recipe.servings);
  const list = useShoppingList();
  const factor = servings / recipe.servings;

  useWebMCP({
    name: "scale_recipe",
    description: "Change how many servings the open recipe shows; ingredient amounts are scaled to match.",
    inputSchema: {
      servings: z.number().int().min(1).max(24).describe("Number of servings"),
    },
    handler: async ({ servings: next }) => {
      setServings(next);
      return `Showing ${recipe.title} for ${next} servings.`;
    },
  });

  useWebMCP({
    name: "add_ingredients_to_list",
    description: "Add the open recipe's ingredients, scaled to the current servings, to the shopping list.",
    inputSchema: {
      skipPantry: z
        .boolean()
        .default(true)
        .describe("Leave out salt, pepper, oil and other pantry staples"),
    },
    handler: async ({ skipPantry }) => {
      const items = recipe.ingredients
        .filter((i) => !skipPantry || !PANTRY.has(i.name.toLowerCase()))
        .map((i) => ({ ...i, quantity: Math.round(i.quantity * factor * 100) / 100 }));
      list.addMany(items);
      return `Added ${items.length} ingredients to the shopping list.`;
    },
  });

  return (
    <article>
      <h1 className="text-3xl font-semibold">{recipe.title}</h1>
      <p className="text-sm text-neutral-500">
        {recipe.minutes} min · serves {servings} · {recipe.diet.join(" & ")}
      </p>
      <label className="mt-4 block">
        Servings{" "}
        <input
          type="number"
          min={1}
          max={24}
          value={servings}
          onChange={(e) => setServings(Number(e.target.value))}
        />
      </label>
      <h2 className="mt-6 text-xl">Ingredients & equipment</h2>
      <ul>
        {recipe.ingredients.map((i) => (
          <li key={i.name}>
            {Math.round(i.quantity * factor * 100) / 100} {i.unit} {i.name}
          </li>
        ))}
      </ul>
      <h2 className="mt-6 text-xl">Method</h2>
      <ol>
        {recipe.steps.map((step, n) => (
          <li key={n}>{step}</li>
        ))}
      </ol>
    </article>
  );
}

const PANTRY = new Set(["salt", "pepper", "olive oil", "oil", "water", "sugar"]);
