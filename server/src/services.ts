import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.js';
import { bankTransferOffered } from './config/preflight.js';
import type { Database } from './db/client.js';
import { leadershipFor } from './background/leadership.js';
import { MemorySignal, type ChangeSignal } from './plugins/public-reads/change-signal.js';
import { RedisFailureCounts } from './shared-state/failure-counts.js';
import { LocalFailureCounts } from './shared-state/local-failure-counts.js';
import { connectRedis, type SharedRedis } from './shared-state/redis.js';
import { RedisSignal } from './shared-state/redis-signal.js';
import { AlertWorker } from './modules/alerts/alert-worker.js';
import { InstalmentService } from './modules/instalments/instalment-service.js';
import { InstalmentSweep } from './modules/instalments/instalment-sweep.js';
import { UzumNasiyaClient } from './modules/instalments/uzum-client.js';
import { OrderGuard } from './modules/orders/order-limits.js';
import { OrderService } from './modules/orders/order-service.js';
import { clickReceiptsWorker, type ClickFiscalWorker } from './modules/payments/click/click-fiscal-worker.js';
import { systemClock, type Clock } from './modules/payments/clock.js';
import { OrderPayments } from './modules/payments/order-payments.js';
import { PaymentSweep } from './modules/payments/payment-sweep.js';
import { CodeRequestLimits } from './modules/phone-codes/code-limits.js';
import { PhoneCodeStore } from './modules/phone-codes/code-store.js';
import { PhoneCodeService } from './modules/phone-codes/phone-code-service.js';
import { EskizSmsProvider, LogSmsProvider, type SmsProvider } from './modules/phone-codes/sms-providers.js';
import { SmsWorker } from './modules/phone-codes/sms-worker.js';
import { ImageStore } from './modules/products/images.js';
import { ProductService } from './modules/products/product-service.js';
import { ReviewService } from './modules/reviews/review-service.js';
import { SavedItemsService } from './modules/saved/saved-items-service.js';
import { startTelegramShop, type TelegramShop } from './modules/telegram-shop/telegram-shop.js';
import { UserService } from './modules/users/user-service.js';
import { removeAccountRow } from './modules/users/account-removal.js';
import { removeBuyerDataOfPhone, removeOldBuyerData } from './modules/order-changes/buyer-data.js';
import { removeContractPhones } from './modules/instalments/contract-phones.js';
import { removePhoneMessages } from './modules/phone-codes/phone-messages.js';
import { PersonalDataService } from './modules/privacy/personal-data.js';
import { RetentionSweep } from './modules/privacy/retention-sweep.js';
import { removePromoUsePhones } from './modules/promotions/promo-use.js';
import { removeQuoteContacts } from './modules/quotes/quote-contacts.js';
import { removeTelegramLink } from './modules/telegram-shop/forget-link.js';
import { SecondFactor } from './modules/users/second-factor.js';

// The app's services and the background work of every process, built once per app from its options.
const HOUR_MS = 3_600_000;

export interface Services {
  products: ProductService;
  orders: OrderService;
  users: UserService;
  /** Staff members' TOTP second factor. */
  secondFactor: SecondFactor;
  reviews: ReviewService;
  saved: SavedItemsService;
  payments: { sweep: PaymentSweep; clickReceipts?: ClickFiscalWorker };
  alerts: AlertWorker;
  sms: SmsWorker;
  phoneCodes: PhoneCodeService;
  telegramShop: TelegramShop;
  instalments: InstalmentService;
  personalData: PersonalDataService;
  retention: RetentionSweep;
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

export interface SharedState {
  redis: SharedRedis | undefined;
  redisPrefix: string;
  signal: ChangeSignal;
}

/** Redis when there is one (closed with the app if opened here), and the catalogue's change token. */
export async function sharedState(app: FastifyInstance, options: BuildOptions): Promise<SharedState> {
  const { config, redis: givenRedis, redisPrefix = config.redisPrefix, changeSignal } = options;
  const redis = givenRedis ?? (config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined);
  if (redis && !givenRedis) app.addHook('onClose', () => redis.close());
  const signal =
    changeSignal ?? (redis ? new RedisSignal(redis, `${redisPrefix}catalogue-token`) : new MemorySignal());
  return { redis, redisPrefix, signal };
}

/** Placing and reading orders, with the per-address limit counted across processes when Redis is there. */
function orderServiceFor(
  { config, database }: BuildOptions,
  { redis, redisPrefix }: Pick<SharedState, 'redis' | 'redisPrefix'>,
  orderPayments: OrderPayments,
) {
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
  return new OrderService(
    database.db,
    orderPayments,
    { ...config.invoice, address: config.shopContacts.address },
    new OrderGuard(orderLimits, ordersPerAddress),
    config.freeDeliveryFrom,
  );
}

/** SMS codes, with their request counts shared across processes when Redis is there. */
function phoneCodeServiceFor(
  { config, database }: BuildOptions,
  { redis, redisPrefix }: Pick<SharedState, 'redis' | 'redisPrefix'>,
  queued: () => void,
) {
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
  return new PhoneCodeService(
    database.db,
    new PhoneCodeStore(database.db, config.jwtSecret),
    new CodeRequestLimits(codeCounts),
    config.shopName,
    queued,
  );
}

/** A customer's data and its removal: each module removes what it keeps of an account, as it writes it. */
function personalDataServiceFor(database: Database, phoneCodes: PhoneCodeService) {
  return new PersonalDataService(database.db, phoneCodes, [
    (tx, { phone }) => removeBuyerDataOfPhone(tx, phone).then(() => undefined),
    (tx, { phone }) => removeQuoteContacts(tx, phone),
    (tx, { phone }) => removePromoUsePhones(tx, phone),
    (tx, { phone }) => removeContractPhones(tx, phone),
    (tx, { phone }) => removePhoneMessages(tx, phone),
    (tx, { id }) => removeTelegramLink(tx, id),
    (tx, { id }) => removeAccountRow(tx, id),
  ]);
}

/** The services, and the background work of every process: the alert worker and the payment sweep. */
export function startServices(
  app: FastifyInstance,
  options: BuildOptions,
  { redis, redisPrefix }: SharedState,
) {
  const { config, database, clock = systemClock } = options;
  const products = new ProductService(
    database.db,
    new ImageStore(config.uploadsDir),
    config.fiscal.vatPercent,
  );
  const orderPayments = new OrderPayments(
    { ...config.payments, bankTransfer: bankTransferOffered(config) },
    config.publicUrl,
    clock,
    config.fiscal,
  );
  const orders = orderServiceFor(options, { redis, redisPrefix }, orderPayments);
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
      ? new EskizSmsProvider(
          phoneCodes.sms,
          phoneCodes.requestTimeoutMs,
          phoneCodes.callbackSecret &&
            `${config.publicUrl}/api/sms/eskiz/status/${phoneCodes.callbackSecret}`,
        )
      : new LogSmsProvider(app.log));
  const sms = new SmsWorker(
    database.db,
    smsProvider,
    leadershipFor(database, 'shop:sms'),
    app.log,
    phoneCodes,
  );
  const retention = new RetentionSweep(database.db, removeOldBuyerData, config.personalDataMonths, app.log);
  sweep.addPass(retention.hourly);
  const phoneCodeService = phoneCodeServiceFor(options, { redis, redisPrefix }, () => sms.nudge());
  const services: Services = {
    products,
    orders,
    users: new UserService(database.db),
    secondFactor: new SecondFactor(database.db, clock, config.shopName),
    reviews: new ReviewService(database.db),
    saved: new SavedItemsService(database.db),
    payments: { sweep, clickReceipts: clickReceiptsWorker(config.payments, database, app.log) },
    instalments: new InstalmentService(database.db, uzumConfig, uzum, clock),
    alerts,
    sms,
    phoneCodes: phoneCodeService,
    telegramShop: startTelegramShop(app, config, database),
    personalData: personalDataServiceFor(database, phoneCodeService),
    retention,
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

export type StartedServices = ReturnType<typeof startServices>;
