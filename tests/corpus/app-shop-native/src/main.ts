import { effect } from '@preact/signals-core';
import { addToCart, cart, cartCount, cartTotalCents, formatPrice, loadProducts, placeOrder, products } from './cart';
import { watchAgentActivity } from './webmcp/agentActivity';
import { registerCartTools, unregisterCartTools } from './webmcp/cartTools';
import { registerCatalogTools } from './webmcp/catalogTools';
import { isWebMCPSupported } from './webmcp/support';

const page = new AbortController();
window.addEventListener('pagehide', () => page.abort(), { once: true });

if (isWebMCPSupported()) {
  registerCatalogTools(page.signal);
  registerCartTools(page.signal);
  watchAgentActivity();
}

const productList = document.getElementById('products')!;
const cartLines = document.getElementById('cart-lines')!;

effect(() => {
  productList.replaceChildren(
    ...products.value.map((product) => {
      const item = document.createElement('li');
      item.textContent = `${product.name} · ${formatPrice(product.priceCents)} `;
      const add = document.createElement('button');
      add.textContent = 'Add to cart';
      add.disabled = product.stock === 0;
      add.onclick = () => addToCart(product.id);
      item.append(add);
      return item;
    }),
  );
});

effect(() => {
  document.getElementById('cart-count')!.textContent = String(cartCount.value);
  document.getElementById('cart-total')!.textContent = formatPrice(cartTotalCents.value);
  cartLines.replaceChildren(
    ...cart.value.map((line) => {
      const item = document.createElement('li');
      const product = products.value.find((p) => p.id === line.productId);
      item.textContent = `${line.quantity} × ${product?.name ?? line.productId}`;
      return item;
    }),
  );
});

document.getElementById('checkout')!.addEventListener('click', async () => {
  const { orderId } = await placeOrder();
  alert(`Thank you! Order ${orderId} is on its way.`);
});

const status = new EventSource('/api/status');
status.addEventListener('maintenance', () => unregisterCartTools());

loadProducts(page.signal);
