describe('WebMCP tools', () => {
  beforeEach(() => {
    cy.intercept('GET', '/api/products/*', { fixture: 'mug.json' });
    cy.visit('/');
  });

  it('registers the shop tools', () => {
    cy.window().then(async (win) => {
      const tools = await win.document.modelContext!.getTools();
      expect(tools.map((t) => t.name)).to.include.members(['search_products', 'add_to_cart', 'view_cart']);
    });
  });

  it('adds to the cart through the tool', () => {
    cy.runTool('add_to_cart', { productId: 'mug-01', quantity: 2 });
    cy.get('[data-test=cart-count]').should('have.text', '2');
  });

  it('highlights products without touching the cart', () => {
    cy.runTool('highlight_products', { ids: ['mug-01'] });
    cy.get('[data-product-id]:not(.dimmed)').should('have.length', 1);
    cy.get('[data-test=cart-count]').should('have.text', '0');
  });
});
