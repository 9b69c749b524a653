/**
 * The journeys' OpenID provider (a webServer of playwright.config.ts): panva's oidc-provider with its own sign-in
 * form, for the `sso` portal server. Its people: `ewa` (group care-service), `anna` (care-admins) and `olek`
 * (a group that maps to no portal role).
 */
import { startOidcTestProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { OIDC_PROVIDER, originOf, SERVERS } from './servers.ts';

const person = (email: string, givenName: string, familyName: string, groups: string[]) => ({
  email,
  givenName,
  familyName,
  groups,
});

const provider = await startOidcTestProvider({
  port: OIDC_PROVIDER.port,
  clientId: OIDC_PROVIDER.clientId,
  clientSecret: OIDC_PROVIDER.clientSecret,
  redirectUris: [`${originOf(SERVERS.sso)}/auth/sso/callback`],
  accounts: {
    ewa: person('ewa.serwis@agromech.example', 'Ewa', 'Serwisowa', ['employees', 'care-service']),
    anna: person('anna.admin@agromech.example', 'Anna', 'Admin', ['care-admins']),
    olek: person('olek@agromech.example', 'Olek', 'Księgowy', ['employees', 'accounting']),
  },
});
console.warn(`test OpenID provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
