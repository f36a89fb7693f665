const form = document.getElementById('reservation');
const status = document.getElementById('reservation-status');

async function sendReservation(data) {
  const response = await fetch(form.action, { method: 'POST', body: data });
  if (!response.ok) {
    return { booked: false, reason: `The restaurant could not take the request (${response.status}).` };
  }
  const { reference } = await response.json();
  return { booked: true, reference, message: 'Requested. Confirmation follows by email.' };
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const pending = sendReservation(new FormData(form)).then((result) => {
    status.textContent = result.booked ? `Thank you! Reference ${result.reference}.` : result.reason;
    if (result.booked) form.reset();
    return result;
  });
  if (event.agentInvoked) {
    event.respondWith(pending);
  }
});
