import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@shop/common';
import { registerAreas, type AreaContext } from './areas.js';
import { BODY_LIMITS } from './config/body-limits.js';
import { privacyOf } from './config/privacy-text.js';
import type { Config } from './config/config.js';
import { DEFAULT_METRICS_SETTINGS } from './config/metrics-settings.js';
import backupRoutes from './modules/backup/routes.js';
import metricsRoutes from './modules/metrics/routes.js';
import { ShopMetrics } from './modules/metrics/shop-metrics.js';
import { registerDocs } from './plugins/api-docs.js';
import authPlugin from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import errorsPlugin, { AppError, answerUnreadableUrl } from './plugins/errors.js';
import { withoutSecrets } from './plugins/logging.js';
import publicReadsPlugin from './plugins/public-reads/plugin.js';
import securityHeaders from './plugins/security-headers.js';
import staticFiles from './plugins/static-files.js';
import { sharedRateLimitStore } from './shared-state/rate-limit-store.js';
import { loadWebBuild } from './modules/pages/page-renderer.js';
import feedRoutes from './modules/feeds/feed-routes.js';
import { FeedService } from './modules/feeds/feed-service.js';
import pageRoutes from './modules/pages/page-routes.js';
import { productFactsReader } from './modules/pages/product-facts.js';
import seoRoutes from './modules/pages/seo-routes.js';
import { Sitemap } from './modules/pages/sitemap.js';
import { storefrontReader } from './modules/pages/storefront-reader.js';
import { systemClock } from './modules/payments/clock.js';
import {
  sharedState,
  startServices,
  type BuildOptions,
  type Services,
  type SharedState,
} from './services.js';

export type { BuildOptions, Services };

/** The HTTP concerns every route shares, in the order their hooks must run. */
async function registerPlugins(
  app: FastifyInstance,
  { config, database }: BuildOptions,
  shared: SharedState,
) {
  const { redis, redisPrefix, signal } = shared;
  const miniApp = config.telegramShop.updates !== 'off';
  await app.register(errorsPlugin);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Inside Telegram the storefront loads Telegram's Mini App script and is framed by Telegram Web.
        scriptSrc: ["'self'", ...(miniApp ? ['https://telegram.org'] : [])],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: miniApp ? ['https://web.telegram.org'] : ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis && { store: sharedRateLimitStore(redis, `${redisPrefix}rate-limit:`) }),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'RATE_LIMITED',
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      ),
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.maxImageBytes, files: LIMITS.maxImagesPerRequest, fields: 50, parts: 100 },
  });
  await registerDocs(app);
  await app.register(dbPlugin, { database });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    expiresIn: config.jwtExpiresIn,
    staffSecondFactorRequired: config.staffSecondFactorRequired,
  });
  // JSON and HTML leave compressed when the client accepts it; cached reads are compressed once.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(publicReadsPlugin, { signal, cache: config.publicReadCache });
}

/** What browsers and crawlers read outside /api: sitemap and robots, files, and the storefront's pages. */
async function registerWeb(
  app: FastifyInstance,
  { config, database }: BuildOptions,
  { products, instalments }: Pick<Services, 'products' | 'instalments'>,
) {
  await app.register(seoRoutes, {
    sitemap: new Sitemap(database.db, config.publicUrl),
    publicUrl: config.publicUrl,
  });
  await app.register(feedRoutes, {
    feeds: new FeedService(database.db, { shopName: config.shopName, publicUrl: config.publicUrl }),
  });
  const webBuild = await loadWebBuild(config.webDistDir);
  await app.register(staticFiles, { uploadsDir: config.uploadsDir, webClientDir: webBuild?.clientDir });
  await app.register(pageRoutes, {
    build: webBuild,
    site: {
      publicUrl: config.publicUrl,
      shopName: config.shopName,
      shopPhone: config.shopPhone,
      contacts: config.shopContacts,
      returnDays: config.returnDays,
    },
    reader: storefrontReader(products.reads, instalments, productFactsReader(database.db), privacyOf(config)),
  });
}

/** A hop count believes that many proxies in front (Fastify takes it, its types do not). */
function trustProxyOption(
  trust: Config['trustProxy'],
): string | false | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(options: BuildOptions) {
  const { config, logger, database, clock = systemClock } = options;
  const app = Fastify({
    logger: withoutSecrets(logger ?? { level: config.logLevel }),
    bodyLimit: BODY_LIMITS.json,
    trustProxy: trustProxyOption(config.trustProxy),
    // Ids and query strings are short; refuse absurd URLs early.
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: answerUnreadableUrl,
  });
  const shared = await sharedState(app, options);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerPlugins(app, options, shared);
  await app.register(metricsRoutes, {
    metrics: new ShopMetrics(database.db),
    settings: config.metrics ?? DEFAULT_METRICS_SETTINGS,
  });
  await app.register(backupRoutes, { jwtSecret: config.jwtSecret, uploadsDir: config.uploadsDir });
  const started = startServices(app, options, shared);
  const context: AreaContext = { ...started, config, database, db: database.db, clock, shared };
  await app.register((api) => registerAreas(api, context), { prefix: '/api' });
  await registerWeb(app, options, started.services);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
