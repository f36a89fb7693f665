export default function Header() {
  return (
    <header className="site-header">
      <a className="brand" href="/">
        Le Petit Zinc
      </a>
      <nav>
        <a href="/#menu?course=mains&diet=vegetarian">Mains & Sides</a>
        <a href="/#wines">Wine & Cheese</a>
        <a href="/takeaway.html">Takeaway</a>
        <a href="/#book">Book a table</a>
      </nav>
    </header>
  );
}
