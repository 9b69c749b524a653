import { AUTHORITIES } from '@care/contract/limits';
import {
  BreadcrumbListSchema,
  BreadcrumbQuerySchema,
  CatalogCardListSchema,
  CatalogCardQuerySchema,
  CatalogCardSchema,
  CatalogFolderListSchema,
  CatalogFolderQuerySchema,
  CatalogIdParamsSchema,
  PartCountQuerySchema,
  PartCountSchema,
  PartHintListSchema,
  PartHintQuerySchema,
  PartPageSchema,
  PartPathListSchema,
  PartPathQuerySchema,
  PartSchema,
  PartSearchQuerySchema,
} from '@care/contract/catalog';
import { ApiErrorSchema } from '@care/contract/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '#app/config/env.ts';
import type { Db } from '#app/db/client.ts';
import { accessGuard } from '#app/plugins/access-guards.ts';
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

const tags = ['catalog'];
const errors = { 400: ApiErrorSchema, 403: ApiErrorSchema, 404: ApiErrorSchema };

/**
 * Route guard for the catalogue (SPEC §1): a visitor without a session reads the public catalogue; a signed-in
 * user reads it only with RIGHT_CARE_VIEW_CATALOG, else 403 FORBIDDEN (the signed-in catalogue needs the
 * authority, and the server refuses what the UI hides).
 */
export const catalogReader = accessGuard(async (request: FastifyRequest): Promise<void> => {
  if (request.actor && !request.actor.authorities.includes(AUTHORITIES.viewCatalog))
    throw new AppError('FORBIDDEN');
});

/** SPEC §7 api/catalog-folders, api/catalog-cards and the read side of api/parts. */
export const catalogRoutes: FastifyPluginAsyncZod<{ env: Env; db: Db }> = async (app, { env, db }) => {
  app.get(
    '/api/catalog-folders',
    {
      schema: {
        tags,
        summary: 'Root catalogue folders, or the sub-folders of parentId',
        querystring: CatalogFolderQuerySchema,
        response: { 200: CatalogFolderListSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => {
      const { parentId } = request.query;
      return listFolders(db, parentId === undefined ? undefined : Number(parentId));
    },
  );

  app.get(
    '/api/catalog-cards',
    {
      schema: {
        tags,
        summary: 'The cards of a folder',
        querystring: CatalogCardQuerySchema,
        response: { 200: CatalogCardListSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => listCards(db, Number(request.query.folderId)),
  );

  app.get(
    '/api/catalog-cards/:id',
    {
      schema: {
        tags,
        summary: 'One card with its drawing address and positions',
        params: CatalogIdParamsSchema,
        response: { 200: CatalogCardSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => getCard(db, Number(request.params.id), env.BASE_PATH),
  );

  app.get(
    '/api/catalog-cards/:id/drawing',
    {
      schema: { tags, summary: "The card's SVG drawing", params: CatalogIdParamsSchema },
      preHandler: catalogReader,
    },
    async (request, reply) => {
      const svg = await getCardDrawing(db, Number(request.params.id));
      // Shown through <img>; the CSP keeps scripts in an imported drawing inert even when opened directly.
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'public, max-age=300')
        .send(svg);
    },
  );

  app.get(
    '/api/parts',
    {
      schema: {
        tags,
        summary: 'Parts search: symbol, catalogue number, SAP id, names; paged with the total',
        querystring: PartSearchQuerySchema,
        response: { 200: PartPageSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => searchParts(db, request.query),
  );

  app.get(
    '/api/parts/count',
    {
      schema: {
        tags,
        summary: 'How many parts a search finds',
        querystring: PartCountQuerySchema,
        response: { 200: PartCountSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => countParts(db, request.query.q),
  );

  app.get(
    '/api/parts/hints',
    {
      schema: {
        tags,
        summary: 'Autocomplete for the parts search (from 3 characters)',
        querystring: PartHintQuerySchema,
        response: { 200: PartHintListSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => partHints(db, request.query.q),
  );

  app.get(
    '/api/parts/paths',
    {
      schema: {
        tags,
        summary: 'Every card position where a part appears, with its folders',
        querystring: PartPathQuerySchema,
        response: { 200: PartPathListSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => partPaths(db, Number(request.query.partId)),
  );

  app.get(
    '/api/parts/breadcrumbs',
    {
      schema: {
        tags,
        summary: 'The folders down to a folder, or down to a card and the card',
        querystring: BreadcrumbQuerySchema,
        response: { 200: BreadcrumbListSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => {
      const { folderId, cardId } = request.query;
      return breadcrumbs(
        db,
        cardId !== undefined ? { cardId: Number(cardId) } : { folderId: Number(folderId) },
      );
    },
  );

  app.get(
    '/api/parts/:id',
    {
      schema: {
        tags,
        summary: 'One part',
        params: CatalogIdParamsSchema,
        response: { 200: PartSchema, ...errors },
      },
      preHandler: catalogReader,
    },
    async (request) => getPart(db, Number(request.params.id)),
  );
};
