import { useEffect } from 'react';
import { Dashboard } from './components/Dashboard';
import { FilterBar } from './components/FilterBar';
import { listenToStatusPage } from './webmcp/statusPageEmbed';

export function App() {
  useEffect(() => {
    if (window.parent !== window) listenToStatusPage();
  }, []);

  return (
    <>
      <FilterBar />
      <Dashboard />
    </>
  );
}
