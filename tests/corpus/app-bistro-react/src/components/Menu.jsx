import { MENU, COURSES } from "./menuData.js";

export default function Menu({ filter = {} }) {
  const dishes = MENU.filter(
    (d) => (!filter.course || d.course === filter.course) && (!filter.vegetarian || d.vegetarian),
  );
  return (
    <section id="menu">
      <h2>La carte</h2>
      {COURSES.map((course) => (
        <div key={course}>
          <h3>{course}</h3>
          <ul>
            {dishes
              .filter((d) => d.course === course)
              .map((d) => (
                <li key={d.id}>
                  {d.name} — {d.priceEur} €
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
