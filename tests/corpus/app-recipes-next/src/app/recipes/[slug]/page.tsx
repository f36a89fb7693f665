import { notFound } from "next/navigation";
import { getRecipe } from "@/lib/api";
import { RecipeView } from "@/components/RecipeView";

export default async function RecipePage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const recipe = await getRecipe(slug);
  if (!recipe) notFound();
  return <RecipeView recipe={recipe} />;
}
