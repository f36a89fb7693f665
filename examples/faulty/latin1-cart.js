// Mise à jour du panier (saved as Latin-1, not UTF-8)
document.modelContext.registerTool(panier);
