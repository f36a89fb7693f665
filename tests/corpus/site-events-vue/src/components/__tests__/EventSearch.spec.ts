import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EventSearch from '../EventSearch.vue';

afterEach(() => vi.unstubAllGlobals());

describe('EventSearch', () => {
  it('declares the search_events tool', () => {
    const wrapper = mount(EventSearch, { props: { cities: ['Leeds'] }, global: { stubs: ['RouterLink'] } });
    const form = wrapper.get('form');
    expect(form.attributes('toolname')).toBe('search_events');
    expect(form.attributes('toolautosubmit')).toBe('');
  });

  it('answers an agent with the results', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([{ id: 'e1', title: 'Rust Leeds', city: 'Leeds', startsAt: '2026-12-03', seatsLeft: 12 }]))),
    );
    const wrapper = mount(EventSearch, { props: { cities: ['Leeds'] }, global: { stubs: ['RouterLink'] } });
    const respondWith = vi.fn();
    const event = new Event('submit', { cancelable: true });
    Object.assign(event, { agentInvoked: true, respondWith });
    wrapper.get('form').element.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await expect(respondWith.mock.calls[0][0]).resolves.toEqual([
      { id: 'e1', title: 'Rust Leeds', city: 'Leeds', startsAt: '2026-12-03', seatsLeft: 12 },
    ]);
  });
});
