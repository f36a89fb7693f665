export async function loadMap(id) {
  const res = await fetch(`/maps/${id}.json`);
  const raw = await res.json();
  return {
    start: raw.start,
    exit: raw.exit,
    walls: new Set(raw.walls.map(([r, c]) => `${r},${c}`)),
    items: raw.items,
  };
}
