import Link from "next/link";

export function SiteHeader() {
  return (
    <header className="border-b">
      <nav className="mx-auto flex max-w-5xl items-center gap-6 px-4 py-3">
        <Link href="/" className="font-bold">
          Forkful
        </Link>
        <Link href="/search?diet=vegan&sort=rating">Vegan & plant-based</Link>
        <Link href="/plan">Meal plan</Link>
        <Link href="/list">Shopping list</Link>
        <Link href="/pricing">Plans & Pricing</Link>
      </nav>
    </header>
  );
}
