import { useMemo, useState } from 'react';
import { useWebMCPTool, WebMCPProvider } from '@kitchen-ui/react-webmcp';
import { RecipeSearch } from './RecipeSearch';
import { RECIPES, type Recipe } from './recipes';

function scale(recipe: Recipe, servings: number): Recipe {
  const factor = servings / recipe.servings;
  return {
    ...recipe,
    servings,
    ingredients: recipe.ingredients.map((item) => ({ ...item, amount: Math.round(item.amount * factor * 10) / 10 })),
  };
}

export function App() {
  const [selected, setSelected] = useState<Recipe>(RECIPES[0]);
  const [servings, setServings] = useState(selected.servings);
  const shown = useMemo(() => scale(selected, servings), [selected, servings]);

  useWebMCPTool({
    name: 'get_current_recipe',
    description: 'Returns the recipe on screen with its ingredients scaled to the chosen servings.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnlyHint: true },
    execute: () => shown,
  });

  useWebMCPTool<{ servings: number }>({
    name: 'set_servings',
    description: 'Rescales the recipe on screen for a number of people.',
    inputSchema: {
      type: 'object',
      properties: { servings: { type: 'integer', minimum: 1, maximum: 24, description: 'Number of people to cook for' } },
      required: ['servings'],
    },
    execute: ({ servings }) => {
      setServings(servings);
      return `Scaled to ${servings} servings.`;
    },
  });

  useWebMCPTool<{ id: string }>({
    name: 'open_recipe',
    description: 'Shows a recipe from the collection.',
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string', enum: RECIPES.map((r) => r.id) } },
      required: ['id'],
    },
    execute: ({ id }) => {
      const recipe = RECIPES.find((r) => r.id === id);
      if (!recipe) return { error: `No recipe ${id}` };
      setSelected(recipe);
      setServings(recipe.servings);
      return { opened: recipe.title };
    },
  });

  return (
    <WebMCPProvider>
      <RecipeSearch onPick={setSelected} />
      <article>
        <h1>{shown.title}</h1>
        <p>Serves {shown.servings}</p>
        <ul>
          {shown.ingredients.map((item) => (
            <li key={item.name}>
              {item.amount} {item.unit} {item.name}
            </li>
          ))}
        </ul>
      </article>
    </WebMCPProvider>
  );
}
