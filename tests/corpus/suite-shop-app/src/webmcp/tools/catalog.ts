import { getProduct, searchProducts } from '../../lib/api';

export const CATEGORIES = ['kitchen', 'living', 'garden', 'lighting'] as const;

export const searchProductsTool: WebMCP.ModelContextTool = {
  name: 'search_products',
  description: 'Searches the Harbour catalogue. Use it when the user is looking for something to buy.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to search for, e.g. "linen napkins"' },
      category: { type: 'string', enum: [...CATEGORIES], description: 'Limit the search to one department' },
    },
    required: ['query'],
  },
  annotations: { readOnlyHint: true },
  async execute({ query, category }, { signal }) {
    const products = await searchProducts(String(query), category as string | undefined, signal);
    return products.slice(0, 20).map(({ id, title, price, stock }) => ({ id, title, price, inStock: stock > 0 }));
  },
};

export const getProductTool: WebMCP.ModelContextTool = {
  name: 'get_product',
  description: 'Returns the details of one product: price, stock, dimensions and care instructions.',
  inputSchema: {
    type: 'object',
    properties: { id: { type: 'string', description: 'Product id from search_products' } },
    required: ['id'],
  },
  annotations: { readOnlyHint: true },
  async execute({ id }) {
    const product = await getProduct(String(id));
    return product ?? { error: `There is no product with id ${id}.` };
  },
};
