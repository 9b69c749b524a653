import { AUTHORITIES } from '@care/contract/limits';
import { catalogEndpoints } from '@care/contract/catalog';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { accessGuard } from '#app/plugins/access-guards.ts';
import { route } from '#app/plugins/endpoints.ts';
import { AppError } from '#app/plugins/errors.ts';
import {
  breadcrumbs,
  getCard,
  getCardDrawing,
  getPart,
  listCards,
  listFolders,
  partPaths,
} from './catalog.service.ts';
import { countParts, partHints, searchParts } from './part-search.ts';

/**
 * Route guard for the catalogue (SPEC §1): a visitor without a session reads the public catalogue; a signed-in
 * user reads it only with RIGHT_CARE_VIEW_CATALOG, else 403 FORBIDDEN (the signed-in catalogue needs the
 * authority, and the server refuses what the UI hides). The table's access has no "anyone, but a signed-in user
 * needs this authority", so each route adds it after the (empty) access guard, before anything is read.
 */
export const catalogReader = accessGuard(async (request: FastifyRequest): Promise<void> => {
  if (request.actor && !request.actor.authorities.includes(AUTHORITIES.viewCatalog))
    throw new AppError('FORBIDDEN');
});

const readers = { onRequest: catalogReader };

/** SPEC §7 api/catalog-folders, api/catalog-cards and the read side of api/parts. */
export const catalogRoutes: FastifyPluginAsync<{ env: Env; db: Db }> = async (app, { env, db }) => {
  route(
    app,
    catalogEndpoints.folders,
    async (request) => {
      const { parentId } = request.query;
      return listFolders(db, parentId === undefined ? undefined : Number(parentId));
    },
    readers,
  );

  route(
    app,
    catalogEndpoints.cards,
    async (request) => listCards(db, Number(request.query.folderId)),
    readers,
  );

  route(
    app,
    catalogEndpoints.card,
    async (request) => getCard(db, request.params.id, env.BASE_PATH),
    readers,
  );

  route(
    app,
    catalogEndpoints.drawing,
    async (request, reply) => {
      const svg = await getCardDrawing(db, request.params.id);
      // Shown through <img>; the CSP keeps scripts in an imported drawing inert even when opened directly.
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'public, max-age=300')
        .send(svg);
    },
    readers,
  );

  route(app, catalogEndpoints.search, async (request) => searchParts(db, request.query), readers);
  route(app, catalogEndpoints.count, async (request) => countParts(db, request.query.q), readers);
  route(app, catalogEndpoints.hints, async (request) => partHints(db, request.query.q), readers);
  route(app, catalogEndpoints.paths, async (request) => partPaths(db, Number(request.query.partId)), readers);

  route(
    app,
    catalogEndpoints.breadcrumbs,
    async (request) => {
      const { folderId, cardId } = request.query;
      return breadcrumbs(
        db,
        cardId !== undefined ? { cardId: Number(cardId) } : { folderId: Number(folderId) },
      );
    },
    readers,
  );

  route(app, catalogEndpoints.part, async (request) => getPart(db, request.params.id), readers);
};
