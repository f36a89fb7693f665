import { create } from 'zustand';

export type Metric = 'count' | 'bytes' | 'unique_ips';
export type Granularity = 'hour' | 'day' | 'week';

export interface DashboardState {
  range: { from: string; to: string };
  pendingRange: { from: string; to: string } | null;
  metric: Metric;
  granularity: Granularity;
  visiblePanels: string[] | null;
  focusedPanel: string | null;
  setPendingRange(range: { from: string; to: string } | null): void;
  applyPendingRange(): boolean;
  setMetric(metric: Metric): void;
  setGranularity(granularity: Granularity): void;
  setVisiblePanels(ids: string[] | null): void;
  focusPanel(id: string | null): void;
}

const today = new Date().toISOString().slice(0, 10);

export const useDashboard = create<DashboardState>((set, get) => ({
  range: { from: today, to: today },
  pendingRange: null,
  metric: 'count',
  granularity: 'hour',
  visiblePanels: null,
  focusedPanel: null,
  setPendingRange: (pendingRange) => set({ pendingRange }),
  applyPendingRange() {
    const pending = get().pendingRange;
    if (!pending) return false;
    set({ range: pending, pendingRange: null });
    return true;
  },
  setMetric: (metric) => set({ metric }),
  setGranularity: (granularity) => set({ granularity }),
  setVisiblePanels: (visiblePanels) => set({ visiblePanels }),
  focusPanel: (focusedPanel) => set({ focusedPanel }),
}));

export const PANELS = ['traffic', 'top-paths', 'status-codes', 'countries', 'referrers', 'bandwidth'] as const;
