import { describe, expect, it } from 'vitest';
import {
  CONFIG_INVALID_MESSAGE,
  CONFIG_MISSING_MESSAGE,
  apiUrl,
  publicUrl,
  readRuntimeConfig,
  setRuntimeConfig,
} from './runtime-config.ts';

describe('runtime configuration', () => {
  it('stops start-up with the Polish message when the object is missing', () => {
    expect(readRuntimeConfig({})).toEqual({ ok: false, message: CONFIG_MISSING_MESSAGE, errors: [] });
  });

  it('lists each setting that is not text', () => {
    const result = readRuntimeConfig({
      __PORTAL_CONFIG__: { apiBaseUrl: 5, routerBaseName: '', basePath: true },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(CONFIG_INVALID_MESSAGE);
    expect(result.errors).toEqual([expect.stringMatching(/^apiBaseUrl/), expect.stringMatching(/^basePath/)]);
  });

  it('defaults each setting to an empty string', () => {
    expect(readRuntimeConfig({ __PORTAL_CONFIG__: {} })).toEqual({
      ok: true,
      config: { apiBaseUrl: '', routerBaseName: '', basePath: '' },
    });
  });

  it('builds API and file URLs under the configured paths', () => {
    setRuntimeConfig({ apiBaseUrl: '', routerBaseName: '', basePath: '' });
    expect(apiUrl('auth/login')).toBe('/auth/login');
    setRuntimeConfig({ apiBaseUrl: '', routerBaseName: '/portal', basePath: '/portal' });
    expect(apiUrl('api/brand')).toBe('/portal/api/brand');
    expect(publicUrl('locales/lang/common/pl.json')).toBe('/portal/locales/lang/common/pl.json');
    setRuntimeConfig({ apiBaseUrl: 'https://api.example.com/', routerBaseName: '', basePath: '' });
    expect(apiUrl('/api/brand')).toBe('https://api.example.com/api/brand');
  });
});
