import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '../../lib/cart';
import { applyCouponTool, placeOrderTool } from '../tools/checkout';
import { installFakeModelContext, removeModelContext } from './fakeModelContext';

const signal = new AbortController().signal;

describe('checkout tools', () => {
  beforeEach(() => {
    useCart.getState().clear();
    installFakeModelContext();
  });

  afterEach(() => {
    removeModelContext();
    vi.unstubAllGlobals();
  });

  it('applies a known coupon', async () => {
    useCart.getState().add({ id: 'mug-01', title: 'Stoneware mug', price: 20 }, 1);
    expect(await applyCouponTool.execute({ code: ' harbour10 ' }, { signal })).toEqual({ applied: true, total: 18 });
  });

  it('refuses an unknown coupon', async () => {
    expect(await applyCouponTool.execute({ code: 'FREE' }, { signal })).toMatchObject({ applied: false });
  });

  it('refuses to order an empty cart', async () => {
    await expect(placeOrderTool.execute({ shipping: 'standard' }, { signal })).rejects.toThrow('The cart is empty.');
  });

  it('clears the cart after ordering', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ orderId: 'H-1001', total: 20 }))));
    useCart.getState().add({ id: 'mug-01', title: 'Stoneware mug', price: 20 }, 1);
    await expect(placeOrderTool.execute({ shipping: 'express' }, { signal })).resolves.toEqual({
      orderId: 'H-1001',
      total: 20,
    });
    expect(useCart.getState().lines).toEqual([]);
  });

  it('gives the agent only UnknownError when the order API fails', async () => {
    await document.modelContext!.registerTool({
      name: 'place_order',
      description: 'Stub that fails the way the payment API does.',
      execute: async () => {
        throw new Error('card_declined');
      },
    });
    const [tool] = await document.modelContext!.getTools();
    await expect(document.modelContext!.executeTool(tool, {})).rejects.toMatchObject({ name: 'UnknownError' });
  });
});
