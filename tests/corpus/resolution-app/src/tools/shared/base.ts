import { SKU_SCHEMA } from "./schemas.js";

/** What every cart tool shares: the SKU input. */
export const cartToolBase = {
  inputSchema: SKU_SCHEMA,
  annotations: { readOnlyHint: false },
} as const;

export const cartEvents = new EventTarget();
