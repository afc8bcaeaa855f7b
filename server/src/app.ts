import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@shop/common';
import { BODY_LIMITS } from './config/body-limits.js';
import type { Config } from './config/config.js';
import type { Database } from './db/client.js';
import { registerDocs } from './plugins/api-docs.js';
import authPlugin from './plugins/auth.js';
import dbPlugin from './plugins/db.js';
import { MemorySignal, type ChangeSignal } from './plugins/public-reads/change-signal.js';
import publicReadsPlugin from './plugins/public-reads/plugin.js';
import { RedisFailureCounts } from './shared-state/failure-counts.js';
import { LocalFailureCounts } from './shared-state/local-failure-counts.js';
import { sharedRateLimitStore } from './shared-state/rate-limit-store.js';
import { connectRedis, type SharedRedis } from './shared-state/redis.js';
import { RedisSignal } from './shared-state/redis-signal.js';
import errorsPlugin, { AppError, answerUnreadableUrl } from './plugins/errors.js';
import securityHeaders from './plugins/security-headers.js';
import { withoutSecrets } from './plugins/logging.js';
import staticFiles from './plugins/static-files.js';
import { AlertWorker } from './modules/alerts/alert-worker.js';
import alertRoutes from './modules/alerts/alert-routes.js';
import { AlertService } from './modules/alerts/alert-service.js';
import { leadershipFor } from './background/leadership.js';
import { AuditService } from './modules/audit/audit-service.js';
import auditRoutes from './modules/audit/routes.js';
import { loadWebBuild } from './modules/pages/page-renderer.js';
import pageRoutes from './modules/pages/page-routes.js';
import seoRoutes from './modules/pages/seo-routes.js';
import { Sitemap } from './modules/pages/sitemap.js';
import { storefrontReader } from './modules/pages/storefront-reader.js';
import authRoutes from './modules/auth/routes.js';
import { DeliveryService } from './modules/delivery/delivery-service.js';
import deliveryRoutes from './modules/delivery/routes.js';
import { DashboardService } from './modules/dashboard/dashboard-service.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import healthRoutes from './modules/health/routes.js';
import { OrderGuard } from './modules/orders/order-limits.js';
import { OrderService } from './modules/orders/order-service.js';
import { OrderInvoices } from './modules/orders/order-invoice.js';
import staffPaymentRoutes from './modules/orders/staff-payment-routes.js';
import { QuoteService } from './modules/quotes/quote-service.js';
import quoteRoutes from './modules/quotes/routes.js';
import { OrderExport } from './modules/orders/order-export.js';
import shopOrderRoutes from './modules/orders/shop-routes.js';
import staffOrderRoutes from './modules/orders/staff-routes.js';
import clickRoutes from './modules/payments/click/click-routes.js';
import { ClickService } from './modules/payments/click/click-service.js';
import { systemClock, type Clock } from './modules/payments/clock.js';
import { OrderPayments } from './modules/payments/order-payments.js';
import { PaymentSweep } from './modules/payments/payment-sweep.js';
import paymeRoutes from './modules/payments/payme/payme-routes.js';
import { PaymeService } from './modules/payments/payme/payme-service.js';
import paymentRoutes from './modules/payments/routes.js';
import { InstalmentService } from './modules/instalments/instalment-service.js';
import { InstalmentSweep } from './modules/instalments/instalment-sweep.js';
import instalmentRoutes from './modules/instalments/routes.js';
import { UzumNasiyaClient } from './modules/instalments/uzum-client.js';
import { ImageStore } from './modules/products/images.js';
import { ProductService } from './modules/products/product-service.js';
import catalogueRoutes from './modules/products/catalogue-routes.js';
import staffProductRoutes from './modules/products/staff-routes.js';
import { ReviewService } from './modules/reviews/review-service.js';
import productReviewRoutes from './modules/reviews/shop-routes.js';
import staffReviewRoutes from './modules/reviews/staff-routes.js';
import { UserService } from './modules/users/user-service.js';
import { CodeRequestLimits } from './modules/phone-codes/code-limits.js';
import { PhoneCodeStore } from './modules/phone-codes/code-store.js';
import { lookupAccess } from './modules/phone-codes/lookup-access.js';
import { PhoneCodeService } from './modules/phone-codes/phone-code-service.js';
import phoneCodeRoutes from './modules/phone-codes/routes.js';
import { EskizSmsProvider, LogSmsProvider, type SmsProvider } from './modules/phone-codes/sms-providers.js';
import { SmsWorker } from './modules/phone-codes/sms-worker.js';
import { clickReceiptsWorker, type ClickFiscalWorker } from './modules/payments/click/click-fiscal-worker.js';
import { startTelegramShop, type TelegramShop } from './modules/telegram-shop/telegram-shop.js';
import telegramShopRoutes from './modules/telegram-shop/routes.js';
import userRoutes from './modules/users/routes.js';
import savedItemsRoutes from './modules/saved/routes.js';
import { SavedItemsService } from './modules/saved/saved-items-service.js';

const HOUR_MS = 3_600_000;

export interface Services {
  products: ProductService;
  orders: OrderService;
  users: UserService;
  reviews: ReviewService;
  saved: SavedItemsService;
  payments: { sweep: PaymentSweep; clickReceipts?: ClickFiscalWorker };
  alerts: AlertWorker;
  sms: SmsWorker;
  phoneCodes: PhoneCodeService;
  telegramShop: TelegramShop;
  instalments: InstalmentService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where payments read the time; tests move it past a timeout. */
  clock?: Clock;
  /** How processes learn of each other's writes; by default Redis when given, else memory. */
  changeSignal?: ChangeSignal;
  /** Shared state for several processes; by default from REDIS_URL, else everything stays here. */
  redis?: SharedRedis;
  /** Keys of this shop in Redis start with it (tests give each shop its own); else `REDIS_PREFIX`. */
  redisPrefix?: string;
  /** Where SMS go; by default the one `SMS_PROVIDER` names. */
  smsProvider?: SmsProvider;
}

interface SharedState {
  redis: SharedRedis | undefined;
  redisPrefix: string;
  signal: ChangeSignal;
}

/** Redis when there is one (closed with the app if opened here), and the catalogue's change token. */
async function sharedState(app: FastifyInstance, options: BuildOptions): Promise<SharedState> {
  const { config, redis: givenRedis, redisPrefix = config.redisPrefix, changeSignal } = options;
  const redis = givenRedis ?? (config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined);
  if (redis && !givenRedis) app.addHook('onClose', () => redis.close());
  const signal =
    changeSignal ?? (redis ? new RedisSignal(redis, `${redisPrefix}catalogue-token`) : new MemorySignal());
  return { redis, redisPrefix, signal };
}

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
  await app.register(authPlugin, { secret: config.jwtSecret, expiresIn: config.jwtExpiresIn });
  // JSON and HTML leave compressed when the client accepts it; cached reads are compressed once.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(publicReadsPlugin, { signal, cache: config.publicReadCache });
}

/** The services, and the background work of every process: the alert worker and the payment sweep. */
function startServices(app: FastifyInstance, options: BuildOptions, { redis, redisPrefix }: SharedState) {
  const { config, database, clock = systemClock } = options;
  const products = new ProductService(
    database.db,
    new ImageStore(config.uploadsDir),
    config.fiscal.vatPercent,
  );
  const orderPayments = new OrderPayments(config.payments, config.publicUrl, clock, config.fiscal);
  const { orderLimits } = config;
  const ordersPerAddress = redis
    ? new RedisFailureCounts(
        redis,
        `${redisPrefix}orders-per-address:`,
        orderLimits.ordersPerAddressPerHour,
        HOUR_MS,
        'an order against its address limit',
      )
    : new LocalFailureCounts(orderLimits.ordersPerAddressPerHour, HOUR_MS);
  const orders = new OrderService(database.db, orderPayments, new OrderGuard(orderLimits, ordersPerAddress));
  const sweep = new PaymentSweep(
    database.db,
    clock,
    app.log,
    () => app.publicReads.invalidate(),
    config.orderLimits.holdMs,
    config.invoice.validDays * 24 * HOUR_MS,
  );
  app.publicReads.onChange(() => products.forgetCounts());
  const uzumConfig = config.payments.uzum_nasiya;
  const uzum = uzumConfig && new UzumNasiyaClient(uzumConfig, app.log);
  if (uzum) sweep.addPass(new InstalmentSweep(database.db, uzum, app.log).run);
  const alerts = new AlertWorker(
    database.db,
    config.telegram,
    config.publicUrl,
    leadershipFor(database),
    app.log,
    config.alertTiming,
    config.alertsOffReason,
  );
  const { phoneCodes } = config;
  const smsProvider =
    options.smsProvider ??
    (phoneCodes.sms.provider === 'eskiz'
      ? new EskizSmsProvider(phoneCodes.sms, phoneCodes.requestTimeoutMs)
      : new LogSmsProvider(app.log));
  const sms = new SmsWorker(
    database.db,
    smsProvider,
    leadershipFor(database, 'shop:sms'),
    app.log,
    phoneCodes,
  );
  const codeCounts =
    redis &&
    ((name: string, limit: number, windowMs: number) =>
      new RedisFailureCounts(
        redis,
        `${redisPrefix}phone-codes:${name}:`,
        limit,
        windowMs,
        'an SMS code request',
      ));
  const services: Services = {
    products,
    orders,
    users: new UserService(database.db),
    reviews: new ReviewService(database.db),
    saved: new SavedItemsService(database.db),
    payments: { sweep, clickReceipts: clickReceiptsWorker(config.payments, database, app.log) },
    instalments: new InstalmentService(database.db, uzumConfig, uzum, clock),
    alerts,
    sms,
    phoneCodes: new PhoneCodeService(
      database.db,
      new PhoneCodeStore(database.db, config.jwtSecret),
      new CodeRequestLimits(codeCounts),
      config.shopName,
      () => sms.nudge(),
    ),
    telegramShop: startTelegramShop(app, config, database),
  };
  app.decorate('services', services);
  // The worker runs in every process; the leadership lets one of them send at a time.
  for (const worker of [alerts, sms, services.payments.clickReceipts]) {
    app.addHook('onReady', async () => worker?.start());
    app.addHook('onClose', async () => worker?.stop());
  }
  if (config.payments.sweepIntervalMs > 0) {
    app.addHook('onReady', async () => sweep.start(config.payments.sweepIntervalMs));
    app.addHook('onClose', () => sweep.stop());
  }
  return { services, orderPayments };
}

/** Every /api route, module by module. */
async function registerApi(
  api: FastifyInstance,
  { config, database, clock = systemClock }: BuildOptions,
  { redis, redisPrefix }: SharedState,
  { services, orderPayments }: ReturnType<typeof startServices>,
) {
  const { db } = database;
  const limits = config.rateLimits;
  const { phoneCodes } = services;
  await api.register(healthRoutes);
  await api.register(authRoutes, {
    users: services.users,
    limits,
    failureCounts:
      redis &&
      ((name, limit, windowMs) =>
        new RedisFailureCounts(redis, `${redisPrefix}sign-in-failures:${name}:`, limit, windowMs)),
    phoneCodes,
    verifySignUp: config.phoneCodes.verifySignUp,
  });
  await api.register(phoneCodeRoutes, { service: phoneCodes });
  await api.register(telegramShopRoutes, {
    settings: config.telegramShop,
    shop: services.telegramShop,
    users: services.users,
    signInsPerMinute: limits.signUpsPerAddressPerMinute,
  });
  await api.register(catalogueRoutes, { service: services.products.reads });
  await api.register(staffProductRoutes, { service: services.products.writes });
  await api.register(shopOrderRoutes, {
    service: services.orders,
    lookupsPerMinute: limits.lookupsPerAddressPerMinute,
    lookupAccess: lookupAccess(db, phoneCodes.store, config.phoneCodes.orderLookupOpen),
    payment: { db, payments: orderPayments },
    invoices: new OrderInvoices(db, config.invoice, config.shopContacts.address, config.fiscal),
  });
  await api.register(staffOrderRoutes, { service: services.orders, exports: new OrderExport(db) });
  await api.register(staffPaymentRoutes, { service: services.orders });
  const quotes = new QuoteService(db, services.orders, config, clock, () => services.sms.nudge());
  await api.register(quoteRoutes, { service: quotes, requestsPerMinute: limits.signUpsPerAddressPerMinute });
  await api.register(deliveryRoutes, { service: new DeliveryService(db, clock) });
  await api.register(userRoutes, { service: services.users });
  await api.register(dashboardRoutes, { service: new DashboardService(db) });
  await api.register(productReviewRoutes, {
    service: services.reviews,
    postsPerMinute: limits.shopperWritesPerUserPerMinute,
  });
  await api.register(staffReviewRoutes, { service: services.reviews });
  await api.register(savedItemsRoutes, {
    service: services.saved,
    writesPerMinute: limits.shopperWritesPerUserPerMinute,
  });
  await api.register(paymentRoutes, { payments: orderPayments });
  await api.register(instalmentRoutes, {
    service: services.instalments,
    checksPerMinute: limits.lookupsPerAddressPerMinute,
  });
  await api.register(auditRoutes, { service: new AuditService(db) });
  await api.register(alertRoutes, { service: new AlertService(db, services.alerts) });
  const { payme, click } = config.payments;
  await api.register(paymeRoutes, { service: new PaymeService(db, payme, clock, config.fiscal) });
  await api.register(clickRoutes, { service: new ClickService(db, click, clock, config.fiscal) });
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
  const webBuild = await loadWebBuild(config.webDistDir);
  await app.register(staticFiles, { uploadsDir: config.uploadsDir, webClientDir: webBuild?.clientDir });
  await app.register(pageRoutes, {
    build: webBuild,
    site: {
      publicUrl: config.publicUrl,
      shopName: config.shopName,
      shopPhone: config.shopPhone,
      contacts: config.shopContacts,
    },
    reader: storefrontReader(products.reads, instalments),
  });
}

/** A hop count believes that many proxies in front (Fastify takes it, its types do not). */
function trustProxyOption(
  trust: Config['trustProxy'],
): string | false | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(options: BuildOptions) {
  const { config, logger } = options;
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
  const started = startServices(app, options, shared);
  await app.register((api) => registerApi(api, options, shared, started), { prefix: '/api' });
  await registerWeb(app, options, started.services);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
