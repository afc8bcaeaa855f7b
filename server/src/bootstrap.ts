import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.js';
import type { App } from './app.js';
import { seedDemoProducts } from './seed/seed-demo.js';
import { ImageStore } from './modules/products/images.js';

/** First start: the staff account from the environment, and the demo catalogue in an empty shop. */
export async function prepareShop(app: App, config: Config, log: FastifyBaseLogger): Promise<void> {
  const { users } = app.services;
  if ((await users.countStaff()) === 0) {
    if (config.admin) {
      if (await users.findByPhone(config.admin.phone)) {
        log.warn(
          `ADMIN_PHONE ${config.admin.phone} already belongs to a customer account; no admin was created`,
        );
      } else {
        await users.create({
          fullName: 'Admin',
          phoneNumber: config.admin.phone,
          password: config.admin.password,
          role: 'admin',
        });
        log.info(`Created the first admin account for ${config.admin.phone}`);
      }
    } else {
      log.warn(
        'No staff account yet: set ADMIN_PHONE and ADMIN_PASSWORD, or stop the shop and run `npm run admin:create -- --phone +998XXXXXXXXX --password ...`',
      );
    }
  }
  const reindexed = await app.services.products.search.reindexStale();
  if (reindexed > 0) log.info(`Wrote the search columns of ${reindexed} products`);
  if (config.seedDemoData) {
    const added = await seedDemoProducts(app.db, new ImageStore(config.uploadsDir), { onlyIfEmpty: true });
    if (added > 0) log.info(`Loaded ${added} demo products`);
  }
}
