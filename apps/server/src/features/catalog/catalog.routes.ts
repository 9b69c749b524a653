import { catalogEndpoints } from '@care/contract/catalog';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { route } from '#app/plugins/endpoints.ts';
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

/** SPEC §7 api/catalog-folders, api/catalog-cards and the read side of api/parts. */
export const catalogRoutes: FastifyPluginAsync<{ env: Env; db: Db }> = async (app, { env, db }) => {
  route(app, catalogEndpoints.folders, async (request) => listFolders(db, request.query.parentId));

  route(app, catalogEndpoints.cards, async (request) => listCards(db, request.query.folderId));

  route(app, catalogEndpoints.card, async (request) => getCard(db, request.params.id, env.BASE_PATH));

  route(app, catalogEndpoints.drawing, async (request, reply) => {
    const svg = await getCardDrawing(db, request.params.id);
    // Shown through <img>; the CSP keeps scripts in an imported drawing inert even when opened directly.
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cache-control', 'public, max-age=300')
      .send(svg);
  });

  route(app, catalogEndpoints.search, async (request) => searchParts(db, request.query));
  route(app, catalogEndpoints.count, async (request) => countParts(db, request.query.q));
  route(app, catalogEndpoints.hints, async (request) => partHints(db, request.query.q));
  route(app, catalogEndpoints.paths, async (request) => partPaths(db, request.query.partId));

  route(app, catalogEndpoints.breadcrumbs, async (request) => {
    const { folderId, cardId } = request.query;
    return breadcrumbs(db, cardId !== undefined ? { cardId } : { folderId: folderId! });
  });

  route(app, catalogEndpoints.part, async (request) => getPart(db, request.params.id));
};
