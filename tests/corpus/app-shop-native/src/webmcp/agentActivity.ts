import { effect, signal } from '@preact/signals-core';

/** The user can hide the "an agent is working" banner in the settings. */
export const showAgentBanner = signal(localStorage.getItem('agent-banner') !== 'off');

export function watchAgentActivity(): () => void {
  const banner = document.getElementById('agent-banner')!;

  return effect(() => {
    if (!showAgentBanner.value) return;

    const onActivated = (event: Event) => {
      const { toolName } = event as Event & { toolName?: string };
      banner.textContent = `An agent is using ${toolName ?? 'a tool'} on this page…`;
      banner.hidden = false;
    };
    const onCancel = () => {
      banner.hidden = true;
    };

    window.addEventListener('toolactivated', onActivated);
    window.addEventListener('toolcancel', onCancel);
    return () => {
      window.removeEventListener('toolactivated', onActivated);
      window.removeEventListener('toolcancel', onCancel);
      banner.hidden = true;
    };
  });
}
