import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { nextIp } from './accounts.ts';

/** A browser's cookies at the provider, by name (the test provider is on one host, so paths do not matter). */
class CookieJar {
  readonly #cookies = new Map<string, string>();
  take(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair!.indexOf('=');
      this.#cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  get header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface SsoFlowResult {
  /** The portal's answer to the provider's redirect (302 to the sign-in page). */
  callback: LightMyRequestResponse;
  /** The callback's path and query, to replay it. */
  callbackUrl: string;
  /** The flow cookie the start set. */
  flowCookie: string;
}

/**
 * Walks the whole code flow as a browser does: the portal's start, the provider's sign-in form submitted with
 * the login name, the provider's redirects, and the portal's callback. `flowCookie` replaces the one the start set
 * (another browser's flow).
 */
export async function ssoSignIn(
  app: FastifyInstance,
  login: string,
  {
    flowCookie: otherFlow,
    publicUrl = 'http://localhost:3000',
  }: { flowCookie?: string; publicUrl?: string } = {},
): Promise<SsoFlowResult> {
  const ip = nextIp();
  const start = await app.inject({ url: '/auth/sso/start', remoteAddress: ip });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const cookie = start.cookies.find((c) => c.name.endsWith('care_sso'))!;
  const flowCookie = `${cookie.name}=${cookie.value}`;
  const jar = new CookieJar();
  let url = String(start.headers.location);
  for (let step = 0; !url.startsWith(publicUrl); step += 1) {
    if (step > 10) throw new Error(`the provider did not come back to the portal (at ${url})`);
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header } });
    jar.take(response);
    if (response.status === 200) {
      // The provider's sign-in form: its development interactions take any password for the login name.
      const html = await response.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
      response = await fetch(new URL(action, url), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
      });
      jar.take(response);
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the provider answered ${response.status} at ${url}: ${await response.text()}`);
    url = new URL(location, url).href;
  }
  const back = new URL(url);
  const callbackUrl = back.pathname + back.search;
  const callback = await app.inject({
    url: callbackUrl,
    headers: { cookie: otherFlow ?? flowCookie },
    remoteAddress: ip,
  });
  return { callback, callbackUrl, flowCookie };
}
