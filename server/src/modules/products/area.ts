import type { FastifyInstance } from 'fastify';
import catalogueRoutes from './catalogue-routes.js';
import type { ProductService } from './product-service.js';
import staffProductRoutes from './staff-routes.js';

/** The catalogue as shoppers read it, and the back office's changes to it. */
export default async function productsArea(app: FastifyInstance, { service }: { service: ProductService }) {
  await app.register(catalogueRoutes, { service: service.reads });
  await app.register(staffProductRoutes, { service: service.writes });
}
