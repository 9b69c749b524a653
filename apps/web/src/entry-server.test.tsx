import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@care/contract/locales';
import { describe, expect, it } from 'vitest';
import { createPageRenderer } from './entry-server.tsx';
import { testBrand } from './test/fixtures.ts';

const localesDir = join(import.meta.dirname, '../public/locales/lang');
const auth = (language: string) =>
  JSON.parse(readFileSync(join(localesDir, 'auth', `${language}.json`), 'utf8')) as {
    login: Record<string, string>;
    sso: Record<string, string>;
  };

/** The API as the server answers the renderer in-process: the brand only (every other call is a 401). */
const requested: string[] = [];
const fetchApi = (async (input: string | URL | Request) => {
  const url = new URL(String(input instanceof Request ? input.url : input));
  requested.push(url.pathname);
  if (url.pathname.endsWith('/api/brand')) return Response.json(testBrand);
  return Response.json({ code: 'UNAUTHENTICATED', message: 'Please sign in.' }, { status: 401 });
}) as typeof fetch;

describe('the sign-in page rendered on the server (issue 17)', () => {
  it.each(LANGUAGES)(
    'renders the form, its links and the brand in %s, with its translations',
    async (language) => {
      const render = createPageRenderer({ basePath: '', localesDir, fetch: fetchApi });
      const page = await render({ url: '/', language });
      expect(page).not.toBeNull();
      const { login } = auth(language);
      const html = page!.html;
      expect(html).toContain('<form');
      for (const text of [
        login.title,
        login.username,
        login.password,
        login.remember,
        login.submit,
        login.register,
      ])
        expect(html).toContain(text);
      expect(html).toContain(testBrand.serviceEmail);
      // The e-mail kept by remember-me lives in the browser: the server's form is empty.
      expect(html).toMatch(/name="username" value=""/);
      expect(html).toMatch(/type="password" name="password" value=""/);
      expect(page!.state.language).toBe(language);
      expect(Object.keys(page!.state.resources[language]!)).toEqual(
        expect.arrayContaining(['common', 'errors', 'auth', 'validation', 'mfa']),
      );
      // Nothing but public data was asked for.
      expect(requested.every((path) => path === '/api/brand')).toBe(true);
    },
  );

  it('names the single sign-on provider when one is configured, under the base path', async () => {
    const render = createPageRenderer({
      basePath: '/portal',
      localesDir,
      fetch: fetchApi,
      ssoProviderName: 'Firmowe konto Microsoft',
    });
    const page = await render({ url: '/portal/', language: 'en' });
    expect(page!.html).toContain(
      auth('en').sso['sign-in-with']!.replace('{{provider}}', 'Firmowe konto Microsoft'),
    );
    expect(page!.html).toContain('href="/portal/auth/sso/start"');
  });

  it('leaves an address it does not render to the browser', async () => {
    const render = createPageRenderer({ basePath: '', localesDir, fetch: fetchApi });
    expect(await render({ url: '/register', language: 'pl' })).toBeNull();
  });
});
