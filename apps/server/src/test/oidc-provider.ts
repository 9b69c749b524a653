import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';

/** A person at the test identity provider: the login name typed into its form is the subject. */
export interface OidcTestAccount {
  email: string;
  givenName: string;
  familyName: string;
  groups: string[];
}

export interface OidcTestProviderOptions {
  /** 0 for any free port. */
  port: number;
  host?: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: Record<string, OidcTestAccount>;
}

export interface OidcTestProvider {
  issuer: string;
  close: () => Promise<void>;
}

/**
 * A real OpenID provider (panva's oidc-provider, the certified one) for the tests: its own sign-in form (the
 * development interactions: any password, the login names the account), PKCE required, a group claim, and the
 * consent step granted by itself for the one first-party client (the portal, as a company's provider does).
 */
export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const host = options.host ?? '127.0.0.1';
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  const issuer = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const scopes = ['openid', 'email', 'profile', 'groups'];
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test', use: 'sig', alg: 'RS256' } as never] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    pkce: { required: () => true },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
      groups: ['groups'],
    },
    // The ID token carries the claims too, as Keycloak and Entra ID send them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx, sub) {
      const account = options.accounts[sub];
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          given_name: account.givenName,
          family_name: account.familyName,
          name: `${account.givenName} ${account.familyName}`,
          groups: account.groups,
        }),
      };
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { Grant } = ctx.oidc.provider;
      const grantId =
        ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return Grant.find(grantId);
      const grant = new Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope(scopes.join(' '));
      grant.addOIDCClaims(['email', 'email_verified', 'given_name', 'family_name', 'name', 'groups']);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  // Its warnings about development keys and interactions are what a test provider is for.
  provider.on('server_error', (_ctx, error) => console.error('oidc test provider:', error));
  handle = provider.callback();
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
