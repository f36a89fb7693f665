export * from "./addToCart";
export * from "./removeFromCart";
