import { StrictMode } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWebMCPTool } from '../useWebMCPTool';
import { installMockModelContext, removeMockModelContext, toolConfig, type MockModelContext } from './mockModelContext';

function Tool(props: { config: ReturnType<typeof toolConfig> }) {
  useWebMCPTool(props.config as never);
  return null;
}

describe('useWebMCPTool', () => {
  let mc: MockModelContext;

  beforeEach(() => {
    mc = installMockModelContext();
  });

  afterEach(() => {
    cleanup();
    removeMockModelContext();
    vi.restoreAllMocks();
  });

  it('registers on mount with a signal', () => {
    render(<Tool config={toolConfig()} />);
    expect(mc.registerTool).toHaveBeenCalledTimes(1);
    const [tool, options] = mc.registerTool.mock.calls[0];
    expect(tool.name).toBe('test_tool');
    expect(options.signal).toBeInstanceOf(AbortSignal);
  });

  it('aborts the registration on unmount', () => {
    const { unmount } = render(<Tool config={toolConfig()} />);
    const { signal } = mc.registerTool.mock.calls[0][1];
    unmount();
    expect(signal.aborted).toBe(true);
    expect(mc.unregisterTool).toBeUndefined();
  });

  it('calls unregisterTool on the legacy runtime', () => {
    removeMockModelContext();
    const legacy = installMockModelContext({ legacy: true });
    const { unmount } = render(<Tool config={toolConfig({ name: 'legacy_tool' })} />);
    unmount();
    expect(legacy.unregisterTool).toHaveBeenCalledWith('legacy_tool');
  });

  it('falls back to navigator.modelContext', () => {
    removeMockModelContext();
    const trial = installMockModelContext({ on: 'navigator' });
    render(<Tool config={toolConfig()} />);
    expect(trial.registerTool).toHaveBeenCalledTimes(1);
  });

  it('does not register twice in StrictMode', async () => {
    render(
      <StrictMode>
        <Tool config={toolConfig()} />
      </StrictMode>,
    );
    await act(async () => {});
    expect([...mc.registered.keys()]).toEqual(['test_tool']);
  });

  it('re-registers when the description changes', () => {
    const { rerender } = render(<Tool config={toolConfig({ description: 'First version.' })} />);
    rerender(<Tool config={toolConfig({ description: 'Second version.' })} />);
    expect(mc.registerTool).toHaveBeenCalledTimes(2);
    expect(mc.registerTool.mock.calls[1][0].description).toBe('Second version.');
  });

  it('does not register while disabled', () => {
    render(<Tool config={toolConfig({ enabled: false })} />);
    expect(mc.registerTool).not.toHaveBeenCalled();
  });

  it('runs the latest execute', async () => {
    const first = vi.fn(async () => 'first');
    const second = vi.fn(async () => 'second');
    const { rerender } = render(<Tool config={toolConfig({ execute: first })} />);
    rerender(<Tool config={toolConfig({ execute: second })} />);
    const registered = mc.registerTool.mock.calls[0][0];
    await expect(registered.execute({}, { signal: new AbortController().signal })).resolves.toBe('second');
    expect(first).not.toHaveBeenCalled();
  });

  it('logs a failed registration', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mc.registerTool.mockRejectedValueOnce(new DOMException('Invalid tool name', 'InvalidStateError'));
    render(<Tool config={toolConfig({ name: 'bad name' })} />);
    await act(async () => {});
    expect(error).toHaveBeenCalledWith(expect.stringContaining('bad name'), expect.any(DOMException));
  });

  it('does nothing without WebMCP', () => {
    removeMockModelContext();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    render(<Tool config={toolConfig()} />);
    expect(info).toHaveBeenCalledTimes(1);
  });
});
