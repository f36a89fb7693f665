import { listenToStatusPage } from '../statusPageEmbed';

describe('status page embed', () => {
  const registerTool = jest.fn(async () => undefined);

  beforeAll(() => listenToStatusPage());

  beforeEach(() => {
    jest.useFakeTimers();
    registerTool.mockClear();
    Object.defineProperty(navigator, 'modelContext', { configurable: true, value: { registerTool } });
  });

  afterEach(() => {
    jest.useRealTimers();
    delete (navigator as { modelContext?: unknown }).modelContext;
  });

  it('registers the public traffic tool on request', () => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: 'https://status.edgestats.example', data: { type: 'status:offer-tools' } }),
    );
    expect(registerTool).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(registerTool).toHaveBeenCalledWith(expect.objectContaining({ name: 'get_public_traffic' }));
  });

  it('ignores other origins', () => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: 'https://elsewhere.example', data: { type: 'status:offer-tools' } }),
    );
    jest.runAllTimers();
    expect(registerTool).not.toHaveBeenCalled();
  });

  it('does nothing without WebMCP', () => {
    delete (navigator as { modelContext?: unknown }).modelContext;
    window.dispatchEvent(
      new MessageEvent('message', { origin: 'https://status.edgestats.example', data: { type: 'status:offer-tools' } }),
    );
    expect(() => jest.runAllTimers()).not.toThrow();
  });
});
