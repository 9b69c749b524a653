import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser, postJson, PASSWORD, sessionCookieOf } from '#app/test/accounts.ts';
import { createTestApp, type TestApp } from '#app/test/app.ts';

/**
 * A built web app with a stand-in for its server rendering (the real one, apps/web/src/entry-server.tsx, is
 * tested in apps/web/src/entry-server.test.tsx and in the browser by e2e/login.spec.ts). The stand-in renders the
 * address and language it is given, and asks the API for the signed-in user as a page that wanted personal data
 * would: the answer shows what the rendering can learn of the visitor.
 */
function fakeBuild(): { dir: string; dist: string } {
  const dir = mkdtempSync(join(tmpdir(), 'care-build-'));
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'dist-ssr'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html lang="pl"><head>' +
      '<script type="module" crossorigin src="./assets/index-abc.js"></script>' +
      '<link rel="stylesheet" crossorigin href="./assets/style-abc.css"></head>' +
      '<body><div id="root"><!--root--><div class="boot-splash"></div><!--/root--></div></body></html>',
  );
  writeFileSync(join(dist, 'assets/style-abc.css'), '.a{color:red}');
  writeFileSync(
    join(dir, 'dist-ssr/entry-server.js'),
    `let renders = 0;
    export function createPageRenderer({ basePath, fetch }) {
      return async function render({ url, language }) {
        renders += 1;
        const me = await fetch('http://portal.internal' + basePath + '/api/user/extended-details');
        return {
          language,
          html: '<form><h1>sign-in ' + language + '</h1><p>' + url + '</p><p>' + me.status + ' ' +
            (await me.text()) + '</p></form>',
          state: { renders, language },
        };
      };
    }`,
  );
  return { dir, dist };
}

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
const rootOf = (body: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(body)?.[1];
const rendersIn = (body: string) =>
  (JSON.parse(/id="page-state">(.*?)<\/script>/.exec(body)![1]!) as { renders: number }).renders;

describe.each([{ basePath: '' }, { basePath: '/portal' }])(
  'the sign-in page rendered on the server under "$basePath/"',
  ({ basePath }) => {
    let t: TestApp;
    let build: { dir: string; dist: string };

    beforeAll(async () => {
      build = fakeBuild();
      t = await createTestApp({ WEB_DIST_DIR: build.dist, BASE_PATH: basePath });
      await insertUser(t.database.db, {
        email: 'anna.signed-in@example.com',
        firstName: 'Annabella',
        lastName: 'Zalogowana',
      });
    });
    afterAll(async () => {
      await t.app.close();
      rmSync(build.dir, { recursive: true, force: true });
    });

    it.each([
      { asked: 'nothing', headers: {}, query: '', language: 'pl' },
      {
        asked: 'Accept-Language',
        headers: { 'accept-language': 'en-GB,en;q=0.9' },
        query: '',
        language: 'en',
      },
      { asked: 'the cookie', headers: { cookie: 'i18next=de' }, query: '', language: 'de' },
      { asked: '?lng= over the cookie', headers: { cookie: 'i18next=de' }, query: '?lng=en', language: 'en' },
    ])(
      'answers with the page in #root in the language asked for by $asked ($language)',
      async ({ headers, query, language }) => {
        for (const path of [`${basePath}/`, ...(basePath ? [basePath] : [])]) {
          const res = await t.app.inject({ url: `${path}${query}`, headers });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toContain('text/html');
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(rootOf(res.body)).toContain(`<h1>sign-in ${language}</h1><p>${path}</p>`);
          expect(res.body).not.toContain('boot-splash"></div>');
          expect(res.body).toContain(`<html lang="${language}" data-mantine-color-scheme="light">`);
        }
      },
    );

    it('renders nothing of a signed-in visitor: the same page, its API calls made without their session', async () => {
      const cookie = sessionCookieOf(
        await postJson(t.app, `${basePath}/auth/login`, {
          username: 'anna.signed-in@example.com',
          password: PASSWORD,
          remember: false,
        }),
      );
      const anonymous = await t.app.inject({ url: `${basePath}/`, headers: { 'accept-language': 'de' } });
      const signedIn = await t.app.inject({
        url: `${basePath}/`,
        headers: { 'accept-language': 'de', cookie },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(rootOf(signedIn.body)).toContain('<p>401 ');
      for (const personal of ['anna.signed-in@example.com', 'Annabella', 'Zalogowana'])
        expect(signedIn.body).not.toContain(personal);
      // One render for both: the page is kept per address and language, whoever asks.
      expect(signedIn.body).toBe(anonymous.body);
      expect(rendersIn(signedIn.body)).toBe(rendersIn(anonymous.body));
    });

    it('leaves the answers of a single sign-on and other parameters to the browser: the plain page', async () => {
      for (const query of ['?sso=signed-in', '?sso-error=sso-refused', '?lng=en&x=1']) {
        const res = await t.app.inject(`${basePath}/${query}`);
        expect({ query, splash: res.body.includes('boot-splash') }).toEqual({ query, splash: true });
        expect(res.body).not.toContain('page-state');
      }
    });

    it('guards the password form with a script the CSP lists, in place of the module script', async () => {
      const res = await t.app.inject(`${basePath}/`);
      expect(res.body).not.toContain('<script type="module"');
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!;
      const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      const guard = inline.find((script) => script.includes("'submit'"));
      expect(guard).toContain('input[type=password]');
      expect(guard).toContain('preventDefault');
      for (const script of inline) expect(scriptSrc).toContain(sha(script));
    });
  },
);
