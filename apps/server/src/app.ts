import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { type B2CStore, localB2CStore } from './features/auth/b2c-store.ts';
import { createCaptcha } from './features/auth/captcha.ts';
import { brandRoutes } from './features/brand/brand.routes.ts';
import { cannedReplyRoutes } from './features/canned-replies/canned-replies.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { catalogImportRoutes } from './features/catalog-import/catalog-import.routes.ts';
import { machineImportRoutes } from './features/machine-import/machine-import.routes.ts';
import { type EventBus, startEventBus } from './events/event-bus.ts';
import { eventsRoutes } from './events/events.routes.ts';
import { chatFilesRoutes } from './features/chat/chat-files.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { customerRoutes } from './features/customers/customers.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { mfaAuthRoutes } from './features/mfa/mfa-auth.routes.ts';
import { mfaRoutes } from './features/mfa/mfa.routes.ts';
import { machineRoutes } from './features/machines/machines.routes.ts';
import { offerRoutes } from './features/offers/offers.routes.ts';
import { serviceRequestRoutes } from './features/service-requests/service-requests.routes.ts';
import { staffRoutes } from './features/staff/staff.routes.ts';
import { intakeRoutes } from './features/intake/intake.routes.ts';
import { staffAccountRoutes } from './features/staff-accounts/staff-accounts.routes.ts';
import { insightRoutes } from './features/insight/insight.routes.ts';
import { serviceTimeRoutes } from './features/service-times/service-times.routes.ts';
import { withdrawalRoutes } from './features/service-requests/withdrawal.routes.ts';
import { ratingRoutes } from './features/rating/rating.routes.ts';
import { ssoSettings } from './features/sso/sso-settings.ts';
import { ssoRoutes } from './features/sso/sso.routes.ts';
import { sessionsRoutes } from './features/sessions/sessions.routes.ts';
import { settingsRoutes } from './features/user/settings.routes.ts';
import { userRoutes } from './features/user/user.routes.ts';
import { workshopRoutes } from './features/workshop/workshop.routes.ts';
import { createLocalFileStore, type FileStore } from './files/file-store.ts';
import { serializerOf } from './plugins/endpoints.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { type LogStream, loggerOptions } from './plugins/logging.ts';
import { createMetrics, type Metrics, registerMetrics } from './plugins/metrics.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerQuotas } from './plugins/quotas.ts';
import { registerRateLimits } from './plugins/rate-limit.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurityLog } from './plugins/security-log.ts';
import { answerClientError, answerFrameworkError, registerSecurity } from './plugins/security.ts';
import { sessionExpiries } from './plugins/session.ts';
import { createSessionEntryCache, registerSessions } from './plugins/session-lookup.ts';
import { registerStrictQueries } from './plugins/strict-query.ts';
import { loadIndexPage, registerWebApp } from './plugins/web-app.ts';

export interface AppDeps {
  env: Env;
  database: Database;
  /** The maker's online store for B2C registration (docs/decisions/009); the local adapter by default. */
  b2cStore?: B2CStore;
  /** Called after a request queued e-mail, so the outbox worker sends it without waiting for its next poll. */
  onMailQueued?: () => void;
  /** Where uploaded files are kept; `${DATA_DIR}/files` by default (files/file-store.ts). */
  fileStore?: FileStore;
  /** Real-time events (events/event-bus.ts); by default one listening on `database`, closed with the app. */
  eventBus?: EventBus;
  /** The heartbeat interval of api/events streams (tests shorten it). */
  eventsHeartbeatMs?: number;
  /** Prometheus metrics (plugins/metrics.ts); server.ts shares them with the jobs. A fresh registry by default. */
  metrics?: Metrics;
  /** Sees every route as it is added (the authorization matrix test collects the route table with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: LogStream;
}

/** Longer than any URL Node accepts (its 16 KiB header limit): every path parameter reaches its route. */
const MAX_PATH_PARAMETER_LENGTH = 16 * 1024;

/** Builds the whole application, every plugin and route in order. server.ts only listens; tests call inject(). */
export async function buildApp({
  env,
  database,
  b2cStore = localB2CStore,
  onMailQueued = () => {},
  fileStore = createLocalFileStore(join(env.DATA_DIR, 'files')),
  eventBus,
  eventsHeartbeatMs,
  onRoute,
  metrics = createMetrics(),
  logStream,
}: AppDeps): Promise<FastifyInstance> {
  const { db } = database;
  const app = Fastify({
    logger: loggerOptions(env, logStream),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: env.TRUST_PROXY as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    // A path parameter of any length reaches its route, whose schema answers a malformed id (400 VALIDATION_FAILED
    // naming it): the router's own limit (100) answered 414, or 404/403 where the web app's static files caught it.
    // No route parameter is matched by a regular expression, so the length costs no backtracking; Node's header
    // limit (16 KiB) bounds the URL.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    frameworkErrors: answerFrameworkError(env),
    clientErrorHandler: answerClientError(env),
    // A connection that sends and receives nothing for this long is closed: a stalled upload ends (its files are
    // removed by files/uploads.ts) instead of holding a socket and a temporary file forever.
    connectionTimeout: env.REQUEST_IDLE_TIMEOUT_S * 1000,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  registerStrictQueries(app, env.BASE_PATH);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerOf);
  // Only JSON and multipart may change state: no parser for text/plain means a cross-site form post gets 415.
  app.removeContentTypeParser('text/plain');
  // SPEC §7's client sets the JSON content type on every call, those without a body too (auth/logout, DELETE):
  // an empty JSON body is no body, not a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    return parseJson(request, String(body), done);
  });
  const apiPrefixes = [`${env.BASE_PATH}/api/`, `${env.BASE_PATH}/auth/`];
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers carry personal data: no browser or shared cache keeps them unless the route chose (ASVS 14.3.2).
    if (!reply.hasHeader('cache-control') && apiPrefixes.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('cache-control', 'no-store');
    }
  });
  const expiriesOf = (ids: number[]) => sessionExpiries(db, ids);
  // Sessions are kept a few seconds, true while the bus tells them apart (an injected bus tells nothing: none kept).
  const sessionCache = eventBus ? undefined : createSessionEntryCache();
  const bus =
    eventBus ??
    startEventBus(database, app.log, {
      sessionExpiries: expiriesOf,
      maxStreamsPerUser: env.QUOTA_EVENT_STREAMS_PER_USER,
      sessionCache,
    });
  if (!eventBus) app.addHook('onClose', async () => bus.close());
  app.addHook('onClose', async () => database.close());

  registerErrorHandling(app);
  registerMetrics(app, env, metrics, { database, eventsLive: bus.isLive });
  const page = loadIndexPage(env);
  registerSecurity(app, env, page?.scriptHashes ?? []);
  registerInputGuard(app);
  await app.register(cookie);
  // Parts are streamed by files/uploads.ts, which sets the limits per request (env UPLOAD_*).
  await app.register(multipart);
  registerSessions(app, env, db, sessionCache);
  registerSecurityLog(app, env.BASE_PATH);
  await registerRateLimits(app, db, env.RATE_LIMIT_IP_FACTOR);
  registerQuotas(app, db, env);
  await registerOpenApi(app, env);

  await app.register(healthRoutes, { database });
  await app.register(
    async (scope) => {
      await scope.register(brandRoutes, { env });
      await scope.register(authRoutes, { env, db, captcha: createCaptcha(env, db), b2cStore, onMailQueued });
      const sso = ssoSettings(env);
      if (sso) await scope.register(ssoRoutes, { env, db, settings: sso });
      await scope.register(userRoutes, { env, db });
      await scope.register(sessionsRoutes, { db });
      await scope.register(mfaAuthRoutes, { env, db });
      await scope.register(mfaRoutes, { env, db });
      await scope.register(settingsRoutes, { db });
      await scope.register(machineRoutes, { db });
      await scope.register(serviceRequestRoutes, { env, db, fileStore, onMailQueued });
      await scope.register(withdrawalRoutes, { env, db, onMailQueued });
      await scope.register(ratingRoutes, { db });
      await scope.register(chatRoutes, { db });
      await scope.register(chatFilesRoutes, { env, db, fileStore });
      await scope.register(workshopRoutes, { env, db, fileStore });
      await scope.register(staffRoutes, { env, db, onMailQueued });
      await scope.register(intakeRoutes, { env, db, onMailQueued });
      await scope.register(cannedReplyRoutes, { db });
      await scope.register(customerRoutes, { env, db, onMailQueued });
      await scope.register(insightRoutes, { db });
      await scope.register(serviceTimeRoutes, { db });
      await scope.register(offerRoutes, { env, db, fileStore, onMailQueued });
      await scope.register(catalogRoutes, { env, db });
      await scope.register(catalogImportRoutes, { env, db, fileStore });
      await scope.register(machineImportRoutes, { env, db });
      await scope.register(auditRoutes, { db });
      await scope.register(staffAccountRoutes, { env, db, onMailQueued });
      await scope.register(eventsRoutes, {
        bus,
        sessionExpiries: expiriesOf,
        heartbeatMs: eventsHeartbeatMs,
      });
    },
    { prefix: env.BASE_PATH },
  );

  await registerWebApp(app, env, page);
  return app;
}
