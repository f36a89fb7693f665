import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { install, uninstall } from '../src';
import { secureContext } from './helpers';

function page(html: string): HTMLFormElement {
  document.body.innerHTML = html;
  return document.querySelector('form')!;
}

async function tools() {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return document.modelContext!.getTools();
}

describe('declarative forms', () => {
  beforeEach(() => {
    secureContext();
  });

  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  it('registers a form with toolname and tooldescription', async () => {
    page(`
      <form toolname="subscribe" tooldescription="Subscribes an email address to the newsletter.">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" required>
        <button>Subscribe</button>
      </form>`);
    install();
    const [tool] = await tools();
    expect(tool.name).toBe('subscribe');
    expect(JSON.parse(tool.inputSchema!)).toEqual({
      type: 'object',
      properties: { email: { type: 'string', description: 'Email' } },
      required: ['email'],
    });
  });

  it('skips a form without tooldescription', async () => {
    page('<form toolname="half_declared"><input name="q"></form>');
    install();
    expect(await tools()).toEqual([]);
  });

  it('prefers toolparamdescription over the label', async () => {
    page(`
      <form toolname="find_store" tooldescription="Finds the nearest store.">
        <label>Postcode <input name="postcode" toolparamdescription="UK postcode, e.g. SW1A 1AA"></label>
      </form>`);
    install();
    const [tool] = await tools();
    expect(JSON.parse(tool.inputSchema!).properties.postcode.description).toBe('UK postcode, e.g. SW1A 1AA');
  });

  it('answers the agent through respondWith', async () => {
    const form = page(`
      <form toolname="add_note" tooldescription="Adds a note to the board." toolautosubmit>
        <textarea name="text"></textarea>
      </form>`);
    form.addEventListener('submit', (event) => {
      if (!event.agentInvoked) return;
      event.preventDefault();
      event.respondWith!(Promise.resolve({ added: true }));
    });
    install();
    const [tool] = await tools();
    await expect(document.modelContext!.executeTool(tool, { text: 'hello' })).resolves.toBe('{"added":true}');
  });

  it('throws when respondWith comes before preventDefault', async () => {
    const form = page(`
      <form toolname="add_card" tooldescription="Adds a card to the board." toolautosubmit>
        <input name="title">
      </form>`);
    let error: unknown;
    form.addEventListener('submit', (event) => {
      try {
        event.respondWith!('too early');
      } catch (caught) {
        error = caught;
      }
      event.preventDefault();
    });
    install();
    const [tool] = await tools();
    void document.modelContext!.executeTool(tool, { title: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(error).toMatchObject({ name: 'InvalidStateError' });
  });

  it('unregisters a form removed from the page', async () => {
    const form = page('<form toolname="search_docs" tooldescription="Searches the documentation."><input name="q"></form>');
    install();
    expect((await tools()).map((t) => t.name)).toEqual(['search_docs']);
    form.remove();
    expect(await tools()).toEqual([]);
  });
});
