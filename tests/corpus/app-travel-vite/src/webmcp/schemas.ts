// JSON Schemas for the agent tools. `as const` lets usewebmcp infer execute's input type.

export const EMPTY_SCHEMA = { type: "object", properties: {} } as const;

export const FLIGHT_SEARCH_SCHEMA = {
  type: "object",
  properties: {
    origin: {
      type: "string",
      pattern: "^[A-Z]{3}$",
      description: "IATA code of the departure city or airport, e.g. LON",
    },
    destination: {
      type: "string",
      pattern: "^[A-Z]{3}$",
      description: "IATA code of the arrival city or airport, e.g. NYC",
    },
    departDate: { type: "string", format: "date", description: "Departure date, YYYY-MM-DD" },
    returnDate: {
      type: "string",
      format: "date",
      description: "Return date, YYYY-MM-DD; leave out for a one-way trip",
    },
    passengers: { type: "integer", minimum: 1, maximum: 9, default: 1 },
    cabin: {
      type: "string",
      enum: ["economy", "premium", "business", "first"],
      default: "economy",
    },
  },
  required: ["origin", "destination", "departDate"],
} as const;

export const FLIGHT_ID_SCHEMA = {
  type: "object",
  properties: {
    flightId: { type: "string", description: "Flight id from list_results" },
  },
  required: ["flightId"],
} as const;

export const BOOKING_SCHEMA = {
  type: "object",
  properties: {
    flightId: { type: "string", description: "Flight id from list_results" },
    travellers: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        properties: {
          firstName: { type: "string" },
          lastName: { type: "string" },
          dateOfBirth: { type: "string", format: "date" },
        },
        required: ["firstName", "lastName", "dateOfBirth"],
      },
    },
  },
  required: ["flightId", "travellers"],
} as const;

export const BOOKING_REF_SCHEMA = {
  type: "object",
  properties: {
    bookingRef: { type: "string", pattern: "^[A-Z0-9]{6}$", description: "Six-character booking reference" },
  },
  required: ["bookingRef"],
} as const;
