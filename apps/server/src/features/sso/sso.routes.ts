import { SSO_ERROR_CODES, SSO_ERROR_PARAM, ssoEndpoints } from '@care/contract/sso';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as oidc from 'openid-client';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
import { AppError } from '#app/plugins/errors.ts';
import { requestLanguage } from '#app/plugins/language.ts';
import { perIp, RATE_LIMITS } from '#app/plugins/rate-limit.ts';
import { endSessionByToken, sessionToken, startSession } from '#app/plugins/session.ts';
import { setFlowCookie, takeFlowCookie } from './sso-flow-cookie.ts';
import { ssoConfiguration, type SsoSettings } from './sso-settings.ts';
import { type SsoIdentity, signInWithSso } from './sso.service.ts';

export interface SsoRoutesOptions {
  env: Env;
  db: Db;
  settings: SsoSettings;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Staff single sign-on (OpenID Connect, authorization code with PKCE, state and nonce; openid-client checks the
 * answer). Both steps are browser navigations, so they answer with redirects: success to the sign-in page with
 * ?sso=signed-in (the web loads the user and goes on to the staff area), a refusal with ?sso-error=<code>.
 */
export const ssoRoutes: FastifyPluginAsync<SsoRoutesOptions> = async (app, { env, db, settings }) => {
  const configuration = ssoConfiguration(settings);
  const backToPortal = (reply: FastifyReply, query: string) =>
    reply.redirect(`${env.BASE_PATH}/?${query}`, 302);
  const refuse = (reply: FastifyReply, code: (typeof SSO_ERROR_CODES)[number]) =>
    backToPortal(reply, `${SSO_ERROR_PARAM}=${code}`);

  route(
    app,
    ssoEndpoints.start,
    async (request, reply) => {
      let config: oidc.Configuration;
      try {
        config = await configuration();
      } catch (error) {
        request.log.error({ err: error }, 'the identity provider cannot be reached (OIDC discovery)');
        return refuse(reply, 'SSO_FAILED');
      }
      const flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      setFlowCookie(env, reply, flow);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return reply.redirect(url.href, 302);
    },
    { config: { rateLimit: perIp('sign-in', RATE_LIMITS.signInPerIp) } },
  );

  route(
    app,
    // Where the operator registered it at the provider (OIDC_REDIRECT_PATH; the table's path is its default).
    { ...ssoEndpoints.callback, path: env.OIDC_REDIRECT_PATH as `/${string}` },
    async (request, reply) => {
      const flow = takeFlowCookie(env, request, reply);
      if (!flow) return refuse(reply, 'SSO_FAILED');
      // The address the provider redirected to, as registered there (the proxy may have rewritten request.url's host).
      const current = new URL(settings.redirectUri);
      current.search = new URL(request.url, 'http://portal').search;
      let identity: SsoIdentity;
      try {
        const config = await configuration();
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims()!;
        // Some providers put e-mail and groups only in the userinfo answer; it must be about the same subject.
        const info = config.serverMetadata().userinfo_endpoint
          ? await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
          : {};
        const all: Record<string, unknown> = { ...claims, ...info };
        identity = {
          issuer: claims.iss,
          subject: claims.sub,
          email: text(all.email) || null,
          // Providers that do not send the claim (Entra ID) vouch for the addresses they hold.
          emailVerified: all.email_verified !== false,
          givenName: text(all.given_name),
          familyName: text(all.family_name),
          groups: all[settings.groupsClaim],
        };
      } catch (error) {
        request.log.warn({ err: error, security: 'sso-failed' }, 'single sign-on answer refused');
        return refuse(reply, 'SSO_FAILED');
      }
      let userId: number;
      try {
        userId = await signInWithSso(db, settings, identity, {
          ip: request.ip,
          language: requestLanguage(request),
        });
      } catch (error) {
        if (error instanceof AppError && (SSO_ERROR_CODES as readonly string[]).includes(error.code)) {
          request.log.warn({ security: 'sso-refused', code: error.code }, 'single sign-on refused');
          return refuse(reply, error.code as (typeof SSO_ERROR_CODES)[number]);
        }
        throw error;
      }
      const previous = sessionToken(env, request);
      if (previous) await endSessionByToken(db, previous);
      await startSession(db, env, reply, userId, false, {
        userAgent: request.headers['user-agent'],
        ip: request.ip,
      });
      return backToPortal(reply, 'sso=signed-in');
    },
    { config: { rateLimit: perIp('sign-in', RATE_LIMITS.signInPerIp) } },
  );
};
