import type { Granularity, Metric } from '../state/store';

export interface SeriesPoint {
  t: string;
  value: number;
}

export async function queryMetric(
  params: { metric: Metric; from: string; to: string; granularity: Granularity; path?: string },
  signal?: AbortSignal,
): Promise<SeriesPoint[]> {
  const search = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][]);
  const response = await fetch(`/api/v2/query?${search}`, { signal, credentials: 'include' });
  if (!response.ok) throw new Error(`query failed with ${response.status}`);
  return response.json();
}
