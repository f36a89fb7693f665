import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { install, isNativeWebMCP, uninstall } from '../src';
import { secureContext } from './helpers';

describe('navigator.modelContext alias', () => {
  beforeEach(() => {
    secureContext();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });

  afterEach(() => {
    uninstall();
    vi.restoreAllMocks();
  });

  it('is the same object as document.modelContext', () => {
    install();
    expect(navigator.modelContext).toBe(document.modelContext);
  });

  it('warns once on first access', () => {
    install();
    void navigator.modelContext;
    void navigator.modelContext;
    expect(console.warn).toHaveBeenCalledTimes(1);
  });

  it('can be turned off', () => {
    install({ navigatorAlias: false });
    expect('modelContext' in navigator).toBe(false);
    expect(document.modelContext).toBeDefined();
  });

  it('is not installed in an insecure context', () => {
    secureContext(false);
    expect(install()).toBeNull();
    expect('modelContext' in document).toBe(false);
  });

  it('leaves a native implementation alone', () => {
    const native = { registerTool: vi.fn(), getTools: vi.fn() };
    Object.defineProperty(document, 'modelContext', { configurable: true, value: native });
    try {
      expect(isNativeWebMCP()).toBe(true);
      expect(install()).toBeNull();
      expect(document.modelContext).toBe(native);
    } finally {
      delete (document as { modelContext?: unknown }).modelContext;
    }
  });
});
