import Link from "next/link";
import { searchRecipes } from "@/lib/api";

export default async function Home() {
  const popular = await searchRecipes({ query: "popular" });
  return (
    <>
      <h1 className="text-3xl font-semibold">What's for dinner?</h1>
      <p>Quick weeknight meals, slow Sunday roasts &amp; everything between.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2">
        {popular.map((r) => (
          <li key={r.slug}>
            <Link href={`/recipes/${r.slug}`}>{r.title}</Link> · {r.minutes} min
          </li>
        ))}
      </ul>
    </>
  );
}
