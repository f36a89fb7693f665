export interface Recipe {
  id: string;
  title: string;
  servings: number;
  diet: 'vegetarian' | 'vegan' | 'any';
  ingredients: { name: string; amount: number; unit: string }[];
}

export const RECIPES: Recipe[] = [
  {
    id: 'dal',
    title: 'Red lentil dal',
    servings: 4,
    diet: 'vegan',
    ingredients: [
      { name: 'red lentils', amount: 250, unit: 'g' },
      { name: 'coconut milk', amount: 400, unit: 'ml' },
      { name: 'onion', amount: 1, unit: '' },
    ],
  },
  {
    id: 'frittata',
    title: 'Spinach frittata',
    servings: 2,
    diet: 'vegetarian',
    ingredients: [
      { name: 'eggs', amount: 6, unit: '' },
      { name: 'spinach', amount: 200, unit: 'g' },
    ],
  },
];
