import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '../../lib/cart';
import { addToCartTool, removeFromCartTool, viewCartTool } from '../tools/cart';

const signal = new AbortController().signal;

function mockProduct(product: Record<string, unknown> | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (product ? new Response(JSON.stringify(product)) : new Response('', { status: 404 }))),
  );
}

describe('cart tools', () => {
  beforeEach(() => useCart.getState().clear());
  afterEach(() => vi.unstubAllGlobals());

  it('adds one item when quantity is left out', async () => {
    mockProduct({ id: 'mug-01', title: 'Stoneware mug', price: 14, stock: 8 });
    await expect(addToCartTool.execute({ productId: 'mug-01' }, { signal })).resolves.toMatchObject({
      added: true,
      quantity: 1,
    });
  });

  it('caps the quantity at the stock', async () => {
    mockProduct({ id: 'lamp-02', title: 'Brass lamp', price: 89, stock: 2 });
    const result = await addToCartTool.execute({ productId: 'lamp-02', quantity: 5 }, { signal });
    expect(result).toMatchObject({ added: true, quantity: 2 });
  });

  it('reports an unknown product instead of throwing', async () => {
    mockProduct(null);
    await expect(addToCartTool.execute({ productId: 'nope' }, { signal })).resolves.toEqual({
      added: false,
      reason: 'unknown product',
    });
  });

  it('removes and lists', async () => {
    useCart.getState().add({ id: 'mug-01', title: 'Stoneware mug', price: 14 }, 2);
    expect(await viewCartTool.execute({}, { signal })).toMatchObject({ total: 28 });
    expect(await removeFromCartTool.execute({ productId: 'mug-01' }, { signal })).toBe('Removed.');
    expect(await removeFromCartTool.execute({ productId: 'mug-01' }, { signal })).toBe(
      'That product was not in the cart.',
    );
  });
});
