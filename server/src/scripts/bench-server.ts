import Fastify from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../db/client.js';

// The shop and a bare Fastify route in one process, so both run under the same conditions.
const config = loadConfig();
const database = await openDatabase(config);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ hello: 'world' }));
await bare.listen({ port: 0, host: '127.0.0.1' });

const portOf = (server: typeof bare) => (server.server.address() as { port: number }).port;
process.send?.({ shop: portOf(app as unknown as typeof bare), bare: portOf(bare) });
process.on('SIGTERM', async () => {
  await app.close();
  await bare.close();
  await database.close();
  process.exit(0);
});
