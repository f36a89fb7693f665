import { useDashboard, type Granularity, type Metric } from '../state/store';

export function FilterBar() {
  const { metric, granularity, setMetric, setGranularity } = useDashboard();

  return (
    <form
      className="filters"
      toolName="filter_dashboard"
      toolDescription="Changes what every chart on the dashboard plots."
      toolAutoSubmit
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        setMetric(data.get('metric') as Metric);
        setGranularity(data.get('granularity') as Granularity);
        const native = event.nativeEvent as SubmitEvent & { agentInvoked?: boolean; respondWith?: (v: unknown) => void };
        if (native.agentInvoked) native.respondWith?.({ metric: data.get('metric'), granularity: data.get('granularity') });
      }}
    >
      <label>
        Metric
        <select name="metric" defaultValue={metric} toolParamDescription="count (requests), bytes (bandwidth) or unique_ips">
          <option value="count">Requests</option>
          <option value="bytes">Bandwidth</option>
          <option value="unique_ips">Unique IPs</option>
        </select>
      </label>
      <label>
        Resolution
        <select name="granularity" defaultValue={granularity}>
          <option value="hour">Hourly</option>
          <option value="day">Daily</option>
          <option value="week">Weekly</option>
        </select>
      </label>
      <button type="submit">Apply & refresh</button>
    </form>
  );
}
