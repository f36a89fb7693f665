import { render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CommentForm from '../src/components/CommentForm.svelte';

afterEach(() => vi.unstubAllGlobals());

function agentSubmit(form: HTMLFormElement) {
  const respondWith = vi.fn();
  const event = new Event('submit', { cancelable: true, bubbles: true });
  Object.assign(event, { agentInvoked: true, respondWith });
  form.dispatchEvent(event);
  return { event, respondWith };
}

describe('CommentForm', () => {
  it('is a declarative tool without autosubmit', () => {
    render(CommentForm, { slug: 'nightjars-at-dusk' });
    const form = screen.getByRole('button', { name: 'Post' }).closest('form')!;
    expect(form.getAttribute('toolname')).toBe('post_comment');
    expect(form.hasAttribute('toolautosubmit')).toBe(false);
  });

  it('tells the agent the comment awaits moderation', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ id: 'c42' }), { status: 201 })));
    render(CommentForm, { slug: 'nightjars-at-dusk' });
    const { event, respondWith } = agentSubmit(document.querySelector('form')!);
    expect(event.defaultPrevented).toBe(true);
    await expect(respondWith.mock.calls[0][0]).resolves.toEqual({ posted: true, id: 'c42', moderated: true });
  });

  it('passes the server error on', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'Too many links' }), { status: 422 })));
    render(CommentForm, { slug: 'nightjars-at-dusk' });
    const { respondWith } = agentSubmit(document.querySelector('form')!);
    await expect(respondWith.mock.calls[0][0]).resolves.toEqual({ posted: false, reason: 'Too many links' });
  });
});
