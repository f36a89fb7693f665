import { PANELS, useDashboard, type Granularity, type Metric } from '../state/store';
import { queryMetric } from './query';

// @mcp-b/global (imported first in main.tsx) puts the model context on navigator and
// document, and bridges to Chrome's native one when there is one.

const controller = new AbortController();

export function registerDashboardTools(): AbortController {
  const mc = navigator.modelContext;
  const { signal } = controller;

  mc.registerTool(
    {
      name: 'query_metrics',
      description: 'Returns a time series of traffic for the site, the same data the charts show.',
      inputSchema: {
        type: 'object',
        properties: {
          metric: {
            type: 'string',
            enum: ['count', 'bytes', 'unique_ips'],
            description: 'count (requests), bytes (bandwidth) or unique_ips',
          },
          from: { type: 'string', format: 'date', description: 'First day, YYYY-MM-DD' },
          to: { type: 'string', format: 'date', description: 'Last day, YYYY-MM-DD' },
          granularity: { type: 'string', enum: ['hour', 'day', 'week'], default: 'day' },
          path: { type: 'string', description: 'Only requests whose path starts with this, e.g. /blog' },
        },
        required: ['metric', 'from', 'to'],
      },
      annotations: { readOnlyHint: true },
      async execute({ metric, from, to, granularity, path }, { signal: callSignal }) {
        const points = await queryMetric(
          {
            metric: metric as Metric,
            from: String(from),
            to: String(to),
            granularity: (granularity as Granularity | undefined) ?? 'day',
            path: path ? String(path) : undefined,
          },
          callSignal,
        );
        return { metric, points: points.slice(-500) };
      },
    },
    { signal },
  );

  mc.registerTool(
    {
      name: 'set_date_range',
      description: 'Opens the date picker with a range selected. The dashboard changes once confirm_selection is called or the user clicks Apply.',
      inputSchema: {
        type: 'object',
        properties: {
          from: { type: 'string', format: 'date' },
          to: { type: 'string', format: 'date' },
        },
        required: ['from', 'to'],
      },
      execute({ from, to }) {
        if (String(from) > String(to)) return { ok: false, reason: '"from" is after "to".' };
        useDashboard.getState().setPendingRange({ from: String(from), to: String(to) });
        return { ok: true, pending: { from, to } };
      },
    },
    { signal },
  );

  mc.registerTool(
    {
      name: 'confirm_selection',
      description: 'Closes the date picker and applies the range chosen in it to every chart.',
      annotations: { readOnlyHint: false },
      execute() {
        const applied = useDashboard.getState().applyPendingRange();
        return applied ? { applied: useDashboard.getState().range } : { applied: null, reason: 'The date picker is not open.' };
      },
    },
    { signal },
  );

  mc.registerTool(
    {
      name: 'keep_panels_visible',
      description: 'Hides every dashboard panel except the given ones; call with an empty list to show all again.',
      inputSchema: {
        type: 'object',
        properties: {
          ids: {
            type: 'array',
            items: { type: 'string', enum: [...PANELS] },
            description: 'Array of component ids to keep visible',
          },
        },
        required: ['ids'],
      },
      annotations: { readOnlyHint: true },
      execute({ ids }) {
        const list = Array.isArray(ids) ? ids.map(String) : [];
        useDashboard.getState().setVisiblePanels(list.length ? list : null);
        return { visible: list.length ? list : [...PANELS] };
      },
    },
    { signal },
  );

  mc.registerTool(
    {
      name: 'focus_panel',
      description: 'Scrolls to a panel and outlines it so the user sees which chart the answer is about.',
      inputSchema: {
        type: 'object',
        properties: { id: { type: 'string', enum: [...PANELS] } },
        required: ['id'],
      },
      annotations: { readOnlyHint: true },
      execute({ id }) {
        useDashboard.getState().focusPanel(String(id));
        document.getElementById(`panel-${id}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        return `Focused ${id}.`;
      },
    },
    { signal },
  );

  mc.registerTool(
    {
      name: 'delete_saved_view',
      description: 'Deletes one of the team’s saved dashboard views.',
      inputSchema: {
        type: 'object',
        properties: { viewId: { type: 'string' } },
        required: ['viewId'],
      },
      async execute({ viewId }) {
        const response = await fetch(`/api/v2/views/${encodeURIComponent(String(viewId))}`, {
          method: 'DELETE',
          credentials: 'include',
        });
        return response.ok ? { deleted: viewId } : { deleted: null, status: response.status };
      },
    },
    { signal },
  );

  return controller;
}
