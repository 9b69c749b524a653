import type { Role } from '@care/contract/statuses';
import * as oidc from 'openid-client';
import type { Env } from '#app/config/env.ts';

export type StaffRole = Exclude<Role, 'customer'>;

/** When a person is in the groups of several roles, the strongest wins. */
const ROLE_STRENGTH: readonly StaffRole[] = ['admin', 'service', 'sales'];

export interface SsoSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** Where the provider sends the browser back: PUBLIC_URL + BASE_PATH + OIDC_REDIRECT_PATH. */
  redirectUri: string;
  scope: string;
  groupsClaim: string;
  /** Group name → role (OIDC_ROLE_GROUPS). */
  roleGroups: Map<string, StaffRole>;
}

/** The single sign-on settings, or null when OIDC_ISSUER_URL is unset (env.ts made sure the rest is there). */
export function ssoSettings(env: Env): SsoSettings | null {
  if (!env.OIDC_ISSUER_URL) return null;
  const roleGroups = new Map<string, StaffRole>();
  for (const pair of (env.OIDC_ROLE_GROUPS ?? '').split(',')) {
    const [role, group] = pair.split('=').map((part) => part.trim());
    if (role && group) roleGroups.set(group, role as StaffRole);
  }
  return {
    issuer: new URL(env.OIDC_ISSUER_URL),
    clientId: env.OIDC_CLIENT_ID!,
    clientSecret: env.OIDC_CLIENT_SECRET!,
    redirectUri: `${env.PUBLIC_URL}${env.BASE_PATH}${env.OIDC_REDIRECT_PATH}`,
    scope: env.OIDC_SCOPES,
    groupsClaim: env.OIDC_GROUPS_CLAIM,
    roleGroups,
  };
}

/**
 * The role a person's groups give them, or null for none. The claim may be a list or one string (some providers
 * send a single group that way); anything else counts as no groups.
 */
export function roleForGroups(claim: unknown, roleGroups: ReadonlyMap<string, StaffRole>): StaffRole | null {
  const groups = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  const roles = new Set(
    groups.flatMap((group) => (typeof group === 'string' ? (roleGroups.get(group) ?? []) : [])),
  );
  return ROLE_STRENGTH.find((role) => roles.has(role)) ?? null;
}

/**
 * The provider's configuration from its discovery document, fetched at the first sign-in and kept; a failed
 * fetch is not kept, so the next sign-in tries again (the provider may have been down at start-up).
 */
export function ssoConfiguration(settings: SsoSettings): () => Promise<oidc.Configuration> {
  let configuration: Promise<oidc.Configuration> | undefined;
  return () => {
    configuration ??= oidc
      .discovery(
        settings.issuer,
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        // env.ts allows http:// issuers outside production only (a provider on the laptop, the tests' one).
        settings.issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };
}
