import type { FastifyInstance } from 'fastify';
import catalogueRoutes from './catalogue-routes.js';
import { CatalogueSheets } from './catalogue-sheets.js';
import type { ProductService } from './product-service.js';
import catalogueSheetRoutes from './sheet-routes.js';
import staffProductRoutes from './staff-routes.js';
import variantRoutes from './variant-routes.js';

/** The catalogue as shoppers read it, the back office's changes to it, and its spreadsheets. */
export default async function productsArea(app: FastifyInstance, { service }: { service: ProductService }) {
  await app.register(catalogueRoutes, { service: service.reads });
  await app.register(staffProductRoutes, { service: service.writes });
  await app.register(variantRoutes, { service: service.variants });
  await app.register(catalogueSheetRoutes, { sheets: new CatalogueSheets(service.db, service.writes) });
}
