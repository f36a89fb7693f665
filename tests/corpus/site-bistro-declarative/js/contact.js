const form = document.getElementById('contact');
const status = document.getElementById('contact-status');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  status.textContent = 'Sending…';
  const response = await fetch(form.action, { method: 'POST', body: new FormData(form) });
  const message = response.ok ? 'Thank you, we reply within two days.' : 'Sorry, that did not go through. Please call us.';
  status.textContent = message;
  if (event.agentInvoked) {
    event.respondWith(Promise.resolve({ sent: response.ok, message }));
  }
});
