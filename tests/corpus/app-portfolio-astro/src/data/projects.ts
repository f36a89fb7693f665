export interface Project {
  slug: string;
  title: string;
  client: string;
  year: number;
  tags: string[];
  summary: string;
}

export const projects: Project[] = [
  {
    slug: "tideline",
    title: "Tideline tide tables",
    client: "Swedish Maritime Administration",
    year: 2025,
    tags: ["data-visualisation", "accessibility"],
    summary: "Readable tide forecasts for 40 harbours, on phones and printed notices.",
  },
  {
    slug: "kvarn",
    title: "Kvarn bakery ordering",
    client: "Kvarn Bageri",
    year: 2024,
    tags: ["e-commerce", "design-system"],
    summary: "Pre-orders for a neighbourhood bakery, from the menu board to the till.",
  },
  {
    slug: "sparvagn",
    title: "Spårvagn accessibility audit",
    client: "Göteborg Tramways",
    year: 2023,
    tags: ["accessibility", "research"],
    summary: "An audit of ticketing kiosks and the redesign that followed.",
  },
];

export const profile = {
  name: "Mara Lindqvist",
  role: "Product designer · design systems & accessibility",
  location: "Gothenburg, Sweden",
  availableFrom: "2026-03",
};
