"use client";

import { z } from "zod";
import { useRouter } from "next/navigation";
import { useWebMCP } from "@mcp-b/react-webmcp";
import { toast } from "sonner";
import { getRecipe, searchRecipes } from "@/lib/api";

const DIETS = ["vegetarian", "vegan", "gluten-free", "dairy-free", "keto"] as const;

/**
 * Recipe discovery tools, available on every page.
 */
export function useRecipeTools() {
  const router = useRouter();

  useWebMCP({
    name: "search_recipes",
    description: `Search Forkful's recipe collection by dish name, ingredient or cuisine.
Returns up to 10 recipes with their slug, cooking time and rating.
Use get_recipe with a slug to read the ingredients and steps.`,
    inputSchema: {
      query: z.string().min(2).describe("Dish, ingredient or cuisine, e.g. 'lentil soup'"),
      diet: z.enum(DIETS).optional().describe("Only recipes that fit this diet"),
      maxMinutes: z.number().int().positive().optional().describe("Maximum total cooking time"),
    },
    annotations: {
      title: "Search recipes",
      readOnlyHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
    handler: async ({ query, diet, maxMinutes }) => {
      const results = await searchRecipes({ query, diet, maxMinutes });
      if (results.length === 0) {
        return `No recipes match "${query}". Try a broader search.`;
      }
      return JSON.stringify(results.slice(0, 10));
    },
  });

  useWebMCP({
    name: "get_recipe",
    description: "Get one recipe's ingredients, servings and steps by its slug.",
    inputSchema: {
      slug: z.string().describe("Recipe slug from search_recipes"),
    },
    annotations: { readOnlyHint: true },
    handler: async ({ slug }) => {
      const recipe = await getRecipe(slug);
      if (!recipe) {
        throw new Error(`Recipe ${slug} not found`);
      }
      return JSON.stringify(recipe);
    },
  });

  useWebMCP({
    name: "open_recipe",
    description: "Open a recipe page so the user can see it.",
    inputSchema: {
      slug: z.string().describe("Recipe slug from search_recipes"),
    },
    handler: async ({ slug }) => {
      router.push(`/recipes/${slug}`);
      toast.info("Opening recipe…");
      return `Opened /recipes/${slug}`;
    },
  });
}
