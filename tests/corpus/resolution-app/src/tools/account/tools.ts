import { api } from "../../api/client";
import { EMPTY_SCHEMA } from "../shared/schemas";

const getProfileTool: WebMCP.ModelContextTool = {
  name: "get_profile",
  description: "The signed-in customer's name, email and default delivery address.",
  inputSchema: EMPTY_SCHEMA,
  annotations: { readOnlyHint: true },
  execute: (_input, { signal }) => api.get("/account", signal),
};

const updateAddressTool: WebMCP.ModelContextTool = {
  name: "update_address",
  description: "Change the customer's default delivery address for future orders.",
  inputSchema: {
    type: "object",
    properties: {
      line1: { type: "string" },
      line2: { type: "string" },
      postcode: { type: "string" },
      city: { type: "string" },
      country: { type: "string", pattern: "^[A-Z]{2}$", description: "Two-letter country code" },
    },
    required: ["line1", "postcode", "city", "country"],
  },
  execute: async (input, { signal }) => {
    const saved = await api.post("/account/address", input, signal);
    return { saved };
  },
};

export const ACCOUNT_TOOLS = [getProfileTool, updateAddressTool];
