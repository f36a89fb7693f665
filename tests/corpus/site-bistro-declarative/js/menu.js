// Highlight the search form while an agent is using it.
const form = document.getElementById('menu-search');

window.addEventListener('toolactivated', (event) => {
  if (event.toolName === 'search_menu') form.classList.add('agent-active');
});

window.addEventListener('toolcancel', (event) => {
  if (event.toolName === 'search_menu') form.classList.remove('agent-active');
});

const params = new URLSearchParams(location.search);
const list = document.getElementById('dishes');
const response = await fetch(`/api/menu?${params}`);
for (const dish of await response.json()) {
  const item = document.createElement('li');
  item.textContent = `${dish.name} — ${dish.price} €`;
  list.append(item);
}
