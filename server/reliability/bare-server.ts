import Fastify from 'fastify';

// The yardstick of the browse load: the least work a Fastify route can do, in its own process
// like the shop, so the ratio shows what the shop's own work costs.
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ hello: 'world' }));
await bare.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('listening');
process.on('SIGTERM', () => void bare.close().then(() => process.exit(0)));
