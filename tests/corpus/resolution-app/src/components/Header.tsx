import { Link } from "react-router-dom";

export function Header({ cartItems }: { cartItems: number }) {
  return (
    <header className="site-header">
      <Link to="/" className="logo">
        Harbor Goods
      </Link>
      <nav>
        <Link to="/c/kitchen?sort=new&in_stock=1">Kitchen & Dining</Link>
        <Link to="/c/bath">Bath & Linen</Link>
        <a href="/help?topic=returns&lang=en">Returns</a>
      </nav>
      <Link to="/cart" aria-label={`Cart & checkout, ${cartItems} items`}>
        🛒 {cartItems}
      </Link>
    </header>
  );
}
