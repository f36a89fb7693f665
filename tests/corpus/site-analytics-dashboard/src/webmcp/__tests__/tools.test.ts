import { useDashboard } from '../../state/store';
import { registerDashboardTools } from '../tools';

type Tool = { name: string; annotations?: Record<string, boolean>; execute: (input: object, options?: object) => unknown };

describe('dashboard tools', () => {
  let tools: Map<string, Tool>;
  let controller: AbortController;

  beforeEach(() => {
    tools = new Map();
    Object.defineProperty(navigator, 'modelContext', {
      configurable: true,
      value: {
        registerTool: jest.fn(async (tool: Tool) => {
          tools.set(tool.name, tool);
        }),
      },
    });
    controller = registerDashboardTools();
  });

  afterEach(() => {
    controller.abort();
    delete (navigator as { modelContext?: unknown }).modelContext;
    useDashboard.setState({ pendingRange: null, visiblePanels: null, focusedPanel: null });
  });

  it('registers the six tools', () => {
    expect([...tools.keys()]).toEqual([
      'query_metrics',
      'set_date_range',
      'confirm_selection',
      'keep_panels_visible',
      'focus_panel',
      'delete_saved_view',
    ]);
  });

  it('only changes the range after confirm_selection', () => {
    const before = useDashboard.getState().range;
    tools.get('set_date_range')!.execute({ from: '2026-11-01', to: '2026-11-07' });
    expect(useDashboard.getState().range).toEqual(before);
    expect(tools.get('confirm_selection')!.execute({})).toEqual({ applied: { from: '2026-11-01', to: '2026-11-07' } });
  });

  it('confirm_selection without an open picker says so', () => {
    expect(tools.get('confirm_selection')!.execute({})).toMatchObject({ applied: null });
  });

  it('keep_panels_visible with an empty list shows everything', () => {
    tools.get('keep_panels_visible')!.execute({ ids: ['traffic'] });
    expect(useDashboard.getState().visiblePanels).toEqual(['traffic']);
    tools.get('keep_panels_visible')!.execute({ ids: [] });
    expect(useDashboard.getState().visiblePanels).toBeNull();
  });

  it('query_metrics defaults to daily points', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, json: async () => [{ t: '2026-11-01', value: 3 }] }));
    global.fetch = fetchMock as unknown as typeof fetch;
    await tools.get('query_metrics')!.execute(
      { metric: 'count', from: '2026-11-01', to: '2026-11-02' },
      { signal: new AbortController().signal },
    );
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain('granularity=day');
  });
});
