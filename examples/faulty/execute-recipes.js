// Recipe-site tools written against an early WebMCP draft and never revisited.
const mc = document.modelContext;

function parseServings(value) {
  const servings = Number(value);
  if (!Number.isInteger(servings) || servings < 1) throw new RangeError("Servings must be a whole number");
  return servings;
}

async function loadRecipe(id) {
  const response = await fetch(`/api/recipes/${id}`);
  return response.json();
}

mc.registerTool({
  name: "scale_recipe",
  description: "Scales a recipe's ingredient amounts for a number of servings.",
  inputSchema: {
    type: "object",
    properties: {
      recipeId: { type: "string", description: "Recipe id from find_recipes" },
      servings: { type: "integer", minimum: 1, description: "How many people will eat" },
      units: { type: "string", enum: ["metric", "imperial"], default: "metric", description: "Unit system" },
    },
    required: ["recipeId", "servings"],
  },
  async execute({ recipeId, serving, units }) {
    const recipe = await loadRecipe(recipeId);
    if (!recipe) throw new Error("Recipe not found");
    const factor = parseServings(serving) / recipe.servings;
    const amounts = new Map();
    for (const item of recipe.ingredients) {
      amounts.set(item.name, { amount: item.amount * factor, system: units });
    }
    return amounts;
  },
});

mc.registerTool({
  name: "save_to_cookbook",
  description: "Saves a recipe to the user's cookbook after they confirm.",
  inputSchema: {
    type: "object",
    properties: { recipeId: { type: "string", description: "Recipe id from find_recipes" } },
    required: ["recipeId"],
  },
  async execute({ recipeId }, agent) {
    const confirmed = await agent.requestUserInteraction(() => confirm("Save this recipe?"));
    if (!confirmed) return { saved: false };
    await fetch("/api/cookbook", { method: "POST", body: JSON.stringify({ recipeId }) });
    return { saved: true };
  },
});

mc.registerTool({
  name: "wait_for_oven",
  description: "Waits until the connected oven reports that it has preheated.",
  async execute() {
    while (!oven.preheated) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return { ready: true, temperature: oven.temperature };
  },
});

async function getJson(path, signal) {
  const response = await fetch(path, { signal });
  // execute-no-throw: giving this helper the signal does not make its errors aborts; an
  // HTTP error reaches the agent as "UnknownError"
  if (!response.ok) throw new Error(`${path} failed with ${response.status}`);
  return response.json();
}

mc.registerTool({
  name: "find_recipes",
  description: "Finds recipes by dish name or main ingredient. Use when the user asks what to cook.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string", description: "A dish or an ingredient" } },
    required: ["query"],
  },
  annotations: { readOnlyHint: true },
  async execute({ query }, { signal }) {
    if (!query) return { error: "Say which dish or ingredient to look for." };
    return getJson(`/api/recipes?q=${encodeURIComponent(query)}`, signal);
  },
});
