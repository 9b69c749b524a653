import { brandEndpoints } from '@care/contract/brand';
import type { FastifyPluginAsync } from 'fastify';
import type { Env } from '#app/config/env.ts';
import { route } from '#app/plugins/endpoints.ts';
import { getBrand } from './brand.service.ts';

export const brandRoutes: FastifyPluginAsync<{ env: Env }> = async (app, { env }) => {
  const brand = getBrand(env);
  route(app, brandEndpoints.get, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(brand),
  );
};
