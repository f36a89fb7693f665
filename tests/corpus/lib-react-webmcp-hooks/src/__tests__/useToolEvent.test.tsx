import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useToolEvent } from '../useToolEvent';
import { installMockModelContext, removeMockModelContext, type MockModelContext } from './mockModelContext';

let mc: MockModelContext;

beforeEach(() => {
  mc = installMockModelContext();
});

afterEach(() => {
  cleanup();
  removeMockModelContext();
});

function Listener({ onEvent, name }: { onEvent: (name: string) => void; name?: string }) {
  useToolEvent('toolactivated', onEvent, name);
  return null;
}

function fire(type: string, toolName: string) {
  const event = new Event(type);
  Object.assign(event, { toolName });
  mc.dispatchEvent(event);
}

it('reports the activated tool', () => {
  const onEvent = vi.fn();
  render(<Listener onEvent={onEvent} />);
  fire('toolactivated', 'book_table');
  expect(onEvent).toHaveBeenCalledWith('book_table');
});

it('filters by tool name', () => {
  const onEvent = vi.fn();
  render(<Listener onEvent={onEvent} name="book_table" />);
  fire('toolactivated', 'search_menu');
  fire('toolactivated', 'book_table');
  expect(onEvent).toHaveBeenCalledTimes(1);
});

it('ignores cancel events', () => {
  const onEvent = vi.fn();
  render(<Listener onEvent={onEvent} />);
  fire('toolcancel', 'book_table');
  expect(onEvent).not.toHaveBeenCalled();
});

it('stops listening on unmount', () => {
  const onEvent = vi.fn();
  const { unmount } = render(<Listener onEvent={onEvent} />);
  unmount();
  fire('toolactivated', 'book_table');
  expect(onEvent).not.toHaveBeenCalled();
});
