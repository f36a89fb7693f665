const form = document.getElementById('takeaway');
const status = document.getElementById('order-status');

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const order = fetch(form.action, { method: 'POST', body: new FormData(form) })
    .then((response) => response.json())
    .then((body) => {
      status.textContent = `Order ${body.number} will be ready at ${body.pickup}.`;
      return { number: body.number, total: body.total, pickup: body.pickup };
    });
  event.respondWith(order);
});
