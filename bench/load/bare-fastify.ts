/**
 * The machine's ceiling for the mix (bench/load/mix.ts): a bare Fastify with one JSON route, no plugins, logger off,
 * run by the same Node as the server with NODE_ENV=production. Whatever it cannot exceed, the portal cannot.
 *
 *   node bench/load/bare-fastify.ts [port]      # GET /json → {"hello":"world"}
 */
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 3290);
const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world' }));

const close = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', close);
process.on('SIGINT', close);
await app.listen({ host: '127.0.0.1', port });
console.log(`bare Fastify on http://127.0.0.1:${port}/json`);
