import { fireEvent, render, screen } from '@testing-library/react';
import { useDashboard } from '../../state/store';
import { FilterBar } from '../FilterBar';

it('declares filter_dashboard and answers an agent', () => {
  render(<FilterBar />);
  const form = screen.getByRole('button', { name: 'Apply & refresh' }).closest('form')!;
  expect(form.getAttribute('toolname')).toBe('filter_dashboard');

  fireEvent.change(screen.getByLabelText('Metric'), { target: { value: 'bytes' } });
  const respondWith = jest.fn();
  const event = new Event('submit', { bubbles: true, cancelable: true });
  Object.assign(event, { agentInvoked: true, respondWith });
  fireEvent(form, event);

  expect(useDashboard.getState().metric).toBe('bytes');
  expect(respondWith).toHaveBeenCalledWith({ metric: 'bytes', granularity: 'hour' });
});
