import { BrandSchema } from '@care/contract/brand';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '#app/config/env.ts';
import { getBrand } from './brand.service.ts';

export const brandRoutes: FastifyPluginAsyncZod<{ env: Env }> = async (app, { env }) => {
  const brand = getBrand(env);
  app.get(
    '/api/brand',
    {
      schema: {
        tags: ['brand'],
        summary: 'Contact data and links of the maker',
        response: { 200: BrandSchema },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(brand),
  );
};
