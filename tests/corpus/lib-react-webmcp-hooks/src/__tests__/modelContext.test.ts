import { afterEach, describe, expect, it } from 'vitest';
import { getModelContext, isWebMCPAvailable } from '../modelContext';
import { installMockModelContext, removeMockModelContext } from './mockModelContext';

afterEach(removeMockModelContext);

describe('getModelContext', () => {
  it('is undefined without WebMCP', () => {
    expect(getModelContext()).toBeUndefined();
    expect(isWebMCPAvailable()).toBe(false);
    expect('modelContext' in navigator).toBe(false);
  });

  it('prefers document.modelContext', () => {
    const onDocument = installMockModelContext();
    installMockModelContext({ on: 'navigator' });
    expect(getModelContext()).toBe(onDocument);
  });

  it('uses navigator.modelContext from the developer trial', () => {
    const trial = installMockModelContext({ on: 'navigator' });
    expect(getModelContext()).toBe(trial);
    expect(navigator.modelContext).toBe(trial);
  });
});
