import { ImageStore } from '../modules/products/images.js';
import { seedDemoProducts } from '../seed/seed-demo.js';
import { openShopDatabase } from './cli.js';

// Adds the 14 demo products with their pictures, whatever the catalogue holds already.
const { config, database } = await openShopDatabase();
try {
  const added = await seedDemoProducts(database.db, new ImageStore(config.uploadsDir), {
    onlyIfEmpty: false,
  });
  console.log(
    `Added ${added} demo products to ${database.kind === 'postgres' ? 'PostgreSQL' : config.dataDir}`,
  );
} finally {
  await database.close();
}
