import { useEffect, useState } from 'react';
import { PANELS, useDashboard } from '../state/store';
import { queryMetric, type SeriesPoint } from '../webmcp/query';

const TITLES: Record<(typeof PANELS)[number], string> = {
  traffic: 'Requests & unique visitors',
  'top-paths': 'Top paths',
  'status-codes': '2xx / 4xx & 5xx',
  countries: 'Countries',
  referrers: 'Referrers',
  bandwidth: 'Bandwidth (MB)',
};

function Panel({ id }: { id: (typeof PANELS)[number] }) {
  const { range, metric, granularity, focusedPanel } = useDashboard();
  const [points, setPoints] = useState<SeriesPoint[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    queryMetric({ metric, from: range.from, to: range.to, granularity }, controller.signal).then(setPoints, () => {});
    return () => controller.abort();
  }, [range, metric, granularity]);

  return (
    <section id={`panel-${id}`} className={focusedPanel === id ? 'panel focused' : 'panel'} aria-label={TITLES[id]}>
      <h2>{TITLES[id]}</h2>
      <p className="hint">Data & charts refresh every 60 s</p>
      <span>{points.length} points</span>
    </section>
  );
}

export function Dashboard() {
  const visible = useDashboard((s) => s.visiblePanels);
  return (
    <main className="grid">
      {PANELS.filter((id) => !visible || visible.includes(id)).map((id) => (
        <Panel key={id} id={id} />
      ))}
      <footer title="Sampling & retention policy">Edge logs are sampled at 1:10 & kept 30 days.</footer>
    </main>
  );
}
