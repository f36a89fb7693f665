// A single-page app gives agents the tools of the view on screen. Each view registers
// its tools with one AbortController and aborts it when the router leaves the view, so
// the next visit registers them again without a duplicate-name rejection.

const TRACKING_SCHEMA = {
  type: "object",
  properties: {
    trackingNumber: { type: "string", description: "Tracking number from the shipping email" },
  },
  required: ["trackingNumber"],
};

function supportsWebMcp() {
  return "modelContext" in document;
}

async function registerParcelTools(signal) {
  await document.modelContext.registerTool(
    {
      name: "parcel_status",
      title: "Parcel status",
      description:
        "Looks up where a parcel is on its way. Use when the user asks when a delivery will arrive.",
      inputSchema: TRACKING_SCHEMA,
      annotations: { readOnlyHint: true },
      async execute({ trackingNumber }, { signal: callSignal }) {
        if (!trackingNumber) {
          return { error: "Give the tracking number from the shipping email." };
        }
        const response = await fetch(`/api/parcels/${encodeURIComponent(trackingNumber)}`, {
          signal: callSignal,
        });
        if (response.status === 404) {
          return { error: "No parcel has that tracking number; check the email." };
        }
        if (!response.ok) {
          return { error: `Parcel lookup is unavailable (${response.status}).` };
        }
        const { status, expectedDelivery } = await response.json();
        return { status, expectedDelivery };
      },
    },
    { signal },
  );
}

let leaveView = () => {};

export async function showParcelView() {
  leaveView();
  if (!supportsWebMcp()) return;
  const controller = new AbortController();
  leaveView = () => controller.abort();
  try {
    await registerParcelTools(controller.signal);
  } catch (error) {
    console.warn("The parcel tools could not be registered", error);
  }
}
