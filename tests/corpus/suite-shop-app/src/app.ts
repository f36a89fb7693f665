import { useCart } from './lib/cart';

export function mountApp(root: HTMLElement): void {
  const count = document.createElement('span');
  count.dataset.test = 'cart-count';
  root.append(count);
  useCart.subscribe((state) => {
    count.textContent = String(state.lines.reduce((n, l) => n + l.quantity, 0));
  });
}
