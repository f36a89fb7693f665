import { useState } from 'react';
import { WebMCPForm } from '@kitchen-ui/react-webmcp';
import { RECIPES, type Recipe } from './recipes';

export function RecipeSearch({ onPick }: { onPick: (recipe: Recipe) => void }) {
  const [results, setResults] = useState<Recipe[]>([]);

  return (
    <section>
      <WebMCPForm
        toolName="search_recipes"
        toolDescription="Finds recipes in the collection by dish name or ingredient."
        autoSubmit
        onSubmit={(data) => {
          const query = String(data.get('q') ?? '').toLowerCase();
          const diet = String(data.get('diet') ?? 'any');
          const found = RECIPES.filter(
            (r) =>
              (r.title.toLowerCase().includes(query) || r.ingredients.some((i) => i.name.includes(query))) &&
              (diet === 'any' || r.diet === diet),
          );
          setResults(found);
          return found.map((r) => ({ id: r.id, title: r.title }));
        }}
      >
        <input name="q" type="search" toolparamdescription="Dish name or ingredient, e.g. lentils" required />
        <select name="diet" toolparamdescription="Dietary filter">
          <option value="any">Any</option>
          <option value="vegetarian">Vegetarian</option>
          <option value="vegan">Vegan</option>
        </select>
        <button type="submit">Search</button>
      </WebMCPForm>
      <ul>
        {results.map((r) => (
          <li key={r.id}>
            <button type="button" onClick={() => onPick(r)}>
              {r.title}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
