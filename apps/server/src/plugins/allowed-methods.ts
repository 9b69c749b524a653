import type { FastifyInstance, HTTPMethods } from 'fastify';

const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the API has for a path (`/api/user/settings/12`), for a 405's Allow header; none when the path
 * is no API route at all (404). Catch-all routes (the web app's files, the API viewer's) match any path for GET,
 * so a match through a wildcard does not count.
 */
export function allowedMethods(app: FastifyInstance, path: string): HTTPMethods[] {
  return METHODS.filter((method) => {
    const route = app.findRoute({ method, url: path });
    return route !== null && !('*' in (route.params as Record<string, unknown>));
  });
}
