export const MENU = [
  { id: "soupe-oignon", course: "starter", name: "Soupe à l'oignon", priceEur: 9, vegetarian: true },
  { id: "oeuf-mayo", course: "starter", name: "Œuf mayonnaise", priceEur: 7, vegetarian: true },
  { id: "steak-frites", course: "main", name: "Steak frites", priceEur: 24, vegetarian: false },
  { id: "confit", course: "main", name: "Confit de canard", priceEur: 26, vegetarian: false },
  { id: "ratatouille", course: "main", name: "Ratatouille & polenta", priceEur: 19, vegetarian: true },
  { id: "tarte-tatin", course: "dessert", name: "Tarte tatin", priceEur: 9, vegetarian: true },
];

export const COURSES = ["starter", "main", "dessert"];
