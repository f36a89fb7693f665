import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebMCPForm } from '../WebMCPForm';

afterEach(cleanup);

describe('WebMCPForm', () => {
  it('renders the tool attributes', () => {
    render(
      <WebMCPForm toolName="join_waitlist" toolDescription="Adds the visitor to the waiting list for a table." onSubmit={() => null}>
        <label htmlFor="wl-name">Name</label>
        <input id="wl-name" name="name" />
        <label>
          <input type="checkbox" name="terms" required /> I accept the Terms & Conditions
        </label>
        <button type="submit">Join</button>
      </WebMCPForm>,
    );
    const form = screen.getByRole('button', { name: 'Join' }).closest('form')!;
    expect(form).toHaveAttribute('toolname', 'join_waitlist');
    expect(form).toHaveAttribute('tooldescription', 'Adds the visitor to the waiting list for a table.');
    expect(form).not.toHaveAttribute('toolautosubmit');
  });

  it('sets toolautosubmit when asked', () => {
    render(
      <WebMCPForm toolName="search_menu" toolDescription="Searches the menu for dishes & drinks." autoSubmit onSubmit={() => null}>
        <input name="q" toolparamdescription="Dish, drink or ingredient" />
      </WebMCPForm>,
    );
    expect(document.querySelector('form')).toHaveAttribute('toolautosubmit', '');
  });

  it('answers an agent submit through respondWith', () => {
    const onSubmit = vi.fn(() => ({ position: 3 }));
    render(
      <WebMCPForm toolName="join_waitlist" toolDescription="Adds the visitor to the waiting list." onSubmit={onSubmit}>
        <input name="name" defaultValue="Ada" />
      </WebMCPForm>,
    );
    const form = document.querySelector('form')!;
    const respondWith = vi.fn();
    const event = new Event('submit', { bubbles: true, cancelable: true });
    Object.assign(event, { agentInvoked: true, respondWith });
    fireEvent(form, event);
    expect(event.defaultPrevented).toBe(true);
    expect(onSubmit).toHaveBeenCalledWith(expect.any(FormData), { agentInvoked: true });
    expect(respondWith).toHaveBeenCalledTimes(1);
  });

  it('does not call respondWith for a person', () => {
    const respondWith = vi.fn();
    render(
      <WebMCPForm toolName="join_waitlist" toolDescription="Adds the visitor to the waiting list." onSubmit={() => 'ok'}>
        <input name="name" />
      </WebMCPForm>,
    );
    const event = new Event('submit', { bubbles: true, cancelable: true });
    Object.assign(event, { agentInvoked: false, respondWith });
    fireEvent(document.querySelector('form')!, event);
    expect(respondWith).not.toHaveBeenCalled();
  });
});
