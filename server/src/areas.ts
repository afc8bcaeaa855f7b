import type { FastifyInstance } from 'fastify';
import type { Config } from './config/config.js';
import { privacyOf, privacyVersion } from './config/privacy-text.js';
import type { Database, Db } from './db/client.js';
import { RedisFailureCounts } from './shared-state/failure-counts.js';
import alertRoutes from './modules/alerts/alert-routes.js';
import { AlertService } from './modules/alerts/alert-service.js';
import { AuditService } from './modules/audit/audit-service.js';
import auditRoutes from './modules/audit/routes.js';
import authRoutes from './modules/auth/routes.js';
import { DashboardService } from './modules/dashboard/dashboard-service.js';
import dashboardRoutes from './modules/dashboard/routes.js';
import { DeliveryService } from './modules/delivery/delivery-service.js';
import deliveryRoutes from './modules/delivery/routes.js';
import { HealthService } from './modules/health/health-service.js';
import healthRoutes from './modules/health/routes.js';
import instalmentRoutes from './modules/instalments/routes.js';
import { OnecExchange } from './modules/onec/onec-exchange.js';
import onecRoutes from './modules/onec/routes.js';
import ordersArea from './modules/orders/area.js';
import { OrderExport } from './modules/orders/order-export.js';
import { OrderInvoices } from './modules/orders/order-invoice.js';
import paymentsArea from './modules/payments/area.js';
import { ClickService } from './modules/payments/click/click-service.js';
import type { Clock } from './modules/payments/clock.js';
import { PaymeService } from './modules/payments/payme/payme-service.js';
import { lookupAccess, phoneProof } from './modules/phone-codes/lookup-access.js';
import phoneCodeRoutes from './modules/phone-codes/routes.js';
import privacyRoutes from './modules/privacy/routes.js';
import { SmsMessages } from './modules/phone-codes/sms-messages.js';
import smsRoutes from './modules/phone-codes/sms-routes.js';
import productsArea from './modules/products/area.js';
import { PromoService } from './modules/promotions/promo-service.js';
import promoRoutes from './modules/promotions/routes.js';
import { QuoteService } from './modules/quotes/quote-service.js';
import quoteRoutes from './modules/quotes/routes.js';
import reviewsArea from './modules/reviews/area.js';
import savedItemsRoutes from './modules/saved/routes.js';
import telegramShopRoutes from './modules/telegram-shop/routes.js';
import userRoutes from './modules/users/routes.js';
import type { SharedState, StartedServices } from './services.js';

/** What an area's routes are built from: the settings, the database, the time and the shared services. */
export interface AreaContext extends StartedServices {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  shared: SharedState;
}

/** A part of the API: its routes under /api, registered with what they need from the context. */
export interface ApiArea {
  name: string;
  register(api: FastifyInstance, context: AreaContext): PromiseLike<unknown>;
}

/**
 * Every area of the API, in the order its routes are registered. A new feature adds its entry here
 * (and, when it has several route files, an `area.ts` of its module that groups them).
 */
export const API_AREAS: ApiArea[] = [
  {
    name: 'health',
    register: (api, { database, shared }) =>
      api.register(healthRoutes, { service: new HealthService(database, shared.redis) }),
  },
  {
    name: 'auth',
    register: (api, { config, services, shared: { redis, redisPrefix } }) =>
      api.register(authRoutes, {
        users: services.users,
        secondFactor: services.secondFactor,
        limits: config.rateLimits,
        failureCounts:
          redis &&
          ((name, limit, windowMs) =>
            new RedisFailureCounts(redis, `${redisPrefix}sign-in-failures:${name}:`, limit, windowMs)),
        phoneCodes: services.phoneCodes,
        verifySignUp: config.phoneCodes.verifySignUp,
        consentVersion: privacyVersion(config),
      }),
  },
  {
    name: 'phone-codes',
    register: (api, { services }) => api.register(phoneCodeRoutes, { service: services.phoneCodes }),
  },
  {
    name: 'sms',
    register: (api, { config, db }) =>
      api.register(smsRoutes, { messages: new SmsMessages(db, config.phoneCodes.callbackSecret) }),
  },
  {
    name: 'telegram-shop',
    register: (api, { config, services }) =>
      api.register(telegramShopRoutes, {
        settings: config.telegramShop,
        shop: services.telegramShop,
        users: services.users,
        signInsPerMinute: config.rateLimits.signUpsPerAddressPerMinute,
      }),
  },
  {
    name: 'products',
    register: (api, { services }) => api.register(productsArea, { service: services.products }),
  },
  {
    name: 'orders',
    register: (api, { config, db, services }) =>
      api.register(ordersArea, {
        service: services.orders,
        lookupsPerMinute: config.rateLimits.lookupsPerAddressPerMinute,
        lookupAccess: lookupAccess(db, services.phoneCodes.store, config.phoneCodes.orderLookupOpen),
        invoices: new OrderInvoices(db, config.invoice, config.shopContacts.address, config.fiscal),
        exports: new OrderExport(db),
        consentVersion: privacyVersion(config),
      }),
  },
  {
    name: 'quotes',
    register: (api, { config, db, clock, services }) =>
      api.register(quoteRoutes, {
        service: new QuoteService(db, services.orders, config, clock, () => services.sms.nudge()),
        requestsPerMinute: config.rateLimits.signUpsPerAddressPerMinute,
        consentVersion: privacyVersion(config),
      }),
  },
  {
    name: 'delivery',
    register: (api, { config, db, clock }) =>
      api.register(deliveryRoutes, { service: new DeliveryService(db, clock, config.freeDeliveryFrom) }),
  },
  {
    name: 'promotions',
    register: (api, { db }) => api.register(promoRoutes, { service: new PromoService(db) }),
  },
  {
    name: 'users',
    register: (api, { config, services }) =>
      api.register(userRoutes, {
        service: services.users,
        secondFactor: services.secondFactor,
        staffSecondFactorRequired: config.staffSecondFactorRequired,
      }),
  },
  {
    name: 'privacy',
    register: (api, { config, services }) =>
      api.register(privacyRoutes, { service: services.personalData, document: privacyOf(config) }),
  },
  {
    name: 'dashboard',
    register: (api, { db }) => api.register(dashboardRoutes, { service: new DashboardService(db) }),
  },
  {
    name: 'reviews',
    register: (api, { config, services }) =>
      api.register(reviewsArea, {
        service: services.reviews,
        postsPerMinute: config.rateLimits.shopperWritesPerUserPerMinute,
      }),
  },
  {
    name: 'saved',
    register: (api, { config, services }) =>
      api.register(savedItemsRoutes, {
        service: services.saved,
        writesPerMinute: config.rateLimits.shopperWritesPerUserPerMinute,
      }),
  },
  {
    name: 'instalments',
    register: (api, { config, db, services }) =>
      api.register(instalmentRoutes, {
        service: services.instalments,
        checksPerMinute: config.rateLimits.lookupsPerAddressPerMinute,
        // Never open, whatever ORDER_LOOKUP says: a contract is credit in the phone owner's name.
        phoneProof: phoneProof(
          db,
          services.phoneCodes.store,
          'Enter the code we sent to this phone to pay in instalments',
        ),
      }),
  },
  { name: 'audit', register: (api, { db }) => api.register(auditRoutes, { service: new AuditService(db) }) },
  {
    name: 'alerts',
    register: (api, { db, services }) =>
      api.register(alertRoutes, { service: new AlertService(db, services.alerts) }),
  },
  {
    name: 'payments',
    register: (api, { config, db, clock, orderPayments }) =>
      api.register(paymentsArea, {
        payments: orderPayments,
        payme: new PaymeService(db, config.payments.payme, clock, config.fiscal),
        click: new ClickService(db, config.payments.click, clock, config.fiscal),
      }),
  },
  {
    name: '1c',
    register: (api, { config, db, clock, services, orderPayments }) =>
      api.register(onecRoutes, {
        exchange:
          config.onec &&
          new OnecExchange(
            db,
            services.products.writes,
            services.products.variants,
            orderPayments,
            config.onec,
            config.dataDir,
            config.jwtSecret,
            clock,
            () => api.publicReads.invalidate(),
          ),
      }),
  },
];

/** Every /api route, area by area. */
export async function registerAreas(api: FastifyInstance, context: AreaContext): Promise<void> {
  for (const area of API_AREAS) await area.register(api, context);
}
