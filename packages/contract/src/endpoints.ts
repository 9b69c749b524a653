import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import { brandEndpoints } from './brand.ts';
import { cannedReplyEndpoints } from './canned-replies.ts';
import { catalogImportEndpoints } from './catalog-import.ts';
import { catalogEndpoints } from './catalog.ts';
import { chatEndpoints } from './chat.ts';
import { customerEndpoints } from './customers.ts';
import type { EndpointDefinition } from './endpoint.ts';
import { eventEndpoints } from './events.ts';
import { healthEndpoints } from './health.ts';
import { insightEndpoints } from './insight.ts';
import { intakeEndpoints } from './intake.ts';
import { machineImportEndpoints } from './machine-import.ts';
import { machineEndpoints } from './machines.ts';
import { mfaEndpoints } from './mfa.ts';
import { offerEndpoints } from './offers.ts';
import { ratingEndpoints } from './rating.ts';
import { serviceRequestEndpoints } from './service-requests.ts';
import { serviceTimeEndpoints } from './service-times.ts';
import { sessionEndpoints } from './sessions.ts';
import { ssoEndpoints } from './sso.ts';
import { staffAccountEndpoints } from './staff-accounts.ts';
import { staffDeskEndpoints } from './staff-desk.ts';
import { staffEndpoints } from './staff.ts';
import { userEndpoints } from './user.ts';
import { workshopEndpoints } from './workshop.ts';

/*
 * Every endpoint of the API, for the server's tests and tools (the route-coverage test, the authorization matrix,
 * the hostile-input tests, the security scan). The web never imports this module: it would load every feature's
 * schemas at once; each screen imports its feature's module.
 */

const groups = {
  audit: auditEndpoints,
  auth: authEndpoints,
  brand: brandEndpoints,
  cannedReplies: cannedReplyEndpoints,
  catalog: catalogEndpoints,
  catalogImport: catalogImportEndpoints,
  chat: chatEndpoints,
  customers: customerEndpoints,
  events: eventEndpoints,
  health: healthEndpoints,
  insight: insightEndpoints,
  intake: intakeEndpoints,
  machineImport: machineImportEndpoints,
  machines: machineEndpoints,
  mfa: mfaEndpoints,
  offers: offerEndpoints,
  ratings: ratingEndpoints,
  serviceRequests: serviceRequestEndpoints,
  serviceTimes: serviceTimeEndpoints,
  sessions: sessionEndpoints,
  sso: ssoEndpoints,
  staff: staffEndpoints,
  staffDesk: staffDeskEndpoints,
  staffAccounts: staffAccountEndpoints,
  user: userEndpoints,
  workshop: workshopEndpoints,
} satisfies Record<string, Record<string, EndpointDefinition>>;

/** Each endpoint with a name for messages: `machines.get`. */
export const ENDPOINTS: readonly { name: string; endpoint: EndpointDefinition }[] = Object.entries(
  groups,
).flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([name, endpoint]) => ({ name: `${group}.${name}`, endpoint })),
);

/** `GET /api/end-products/:id`: how routes and endpoints meet (Fastify's path form). */
export const routeKey = (method: string, path: string): string => `${method} ${path}`;
