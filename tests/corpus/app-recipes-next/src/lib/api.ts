export type RecipeSummary = {
  slug: string;
  title: string;
  minutes: number;
  diet: string[];
  rating: number;
};

export type Recipe = RecipeSummary & {
  servings: number;
  ingredients: { name: string; quantity: number; unit: string }[];
  steps: string[];
};

const BASE = process.env.NEXT_PUBLIC_API_URL ?? "/api";

export async function searchRecipes(params: {
  query: string;
  diet?: string;
  maxMinutes?: number;
}): Promise<RecipeSummary[]> {
  const qs = new URLSearchParams({ q: params.query });
  if (params.diet) qs.set("diet", params.diet);
  if (params.maxMinutes) qs.set("max_minutes", String(params.maxMinutes));
  const res = await fetch(`${BASE}/recipes?${qs}`);
  if (!res.ok) throw new Error(`Recipe search failed (${res.status})`);
  return res.json();
}

export async function getRecipe(slug: string): Promise<Recipe | null> {
  const res = await fetch(`${BASE}/recipes/${encodeURIComponent(slug)}`);
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`Could not load recipe ${slug}`);
  return res.json();
}
