const form = document.querySelector<HTMLFormElement>("#export")!;

form.addEventListener("submit", (event) => {
  if (!event.agentInvoked) return;
  event.preventDefault();
  const data = new FormData(form);
  event.respondWith(
    fetch(form.action, { method: "POST", body: data }).then(async (res) => {
      if (!res.ok) return `Export failed (${res.status}).`;
      const { url } = await res.json();
      return `The ${data.get("period")} report is ready: ${url}`;
    }),
  );
});
