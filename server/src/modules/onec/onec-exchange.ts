import path from 'node:path';
import type { Readable } from 'node:stream';
import type { OnecSettings } from '../../config/onec-settings.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';
import type { Actor } from '../audit/audit-log.js';
import type { Clock } from '../payments/clock.js';
import type { OrderPayments } from '../payments/order-payments.js';
import type { ProductVariantWrites } from '../products/product-variants.js';
import type { ProductWrites } from '../products/product-writes.js';
import { CatalogueExchange } from './catalogue-exchange.js';
import { CatalogueSteps } from './catalogue-steps.js';
import { ExchangeAuth, SESSION_COOKIE } from './exchange-auth.js';
import { ExchangeFolder, type ExchangeType } from './exchange-folder.js';
import { OffersExchange } from './offers-exchange.js';
import { SaleExchange } from './sale-exchange.js';
import { XmlRefused } from './xml-reader.js';

export type ExchangeMode = 'checkauth' | 'init' | 'file' | 'import' | 'query' | 'success';

/** What the exchange answers 1C: plain text lines, or the orders' XML. */
export interface ExchangeAnswer {
  body: string;
  xml?: true;
}

export interface ExchangeCall {
  type: ExchangeType;
  mode: ExchangeMode;
  filename: string | undefined;
  body: Readable | undefined;
}

/** 1C's calls run one at a time here: a repeated call waits for the one before instead of racing it. */
class OneAtATime {
  private last: Promise<unknown> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const next = this.last.then(work, work);
    this.last = next.catch(() => undefined);
    return next;
  }
}

const wrongType = (mode: ExchangeMode, type: ExchangeType) =>
  new AppError(400, 'VALIDATION_ERROR', `mode=${mode} is not part of type=${type}`);

/** The 1C:Enterprise exchange over CommerceML 2 (docs/decisions/039-onec-exchange.md). */
export class OnecExchange {
  readonly auth: ExchangeAuth;
  private readonly folder: ExchangeFolder;
  private readonly steps: CatalogueSteps;
  private readonly sale: SaleExchange;
  private readonly queue = new OneAtATime();
  private readonly actor: Actor;

  constructor(
    db: Db,
    writes: ProductWrites,
    variants: ProductVariantWrites,
    payments: OrderPayments,
    private readonly settings: OnecSettings,
    dataDir: string,
    signingKey: string,
    private readonly clock: Clock,
    /** Shoppers' cached reads are dropped after an import that changed the catalogue. */
    private readonly catalogueChanged: () => Promise<void>,
  ) {
    this.auth = new ExchangeAuth(settings.user, settings.password, signingKey, () => clock.now().getTime());
    this.folder = new ExchangeFolder(path.join(dataDir, '1c-exchange'), settings);
    this.steps = new CatalogueSteps(
      db,
      this.folder,
      new CatalogueExchange(writes, settings),
      new OffersExchange(writes, variants, settings.priceType),
    );
    this.sale = new SaleExchange(db, payments);
    // The audit log names 1C, by its exchange user, as the one who changed products and orders.
    this.actor = {
      id: `onec:${settings.user}`,
      role: 'admin',
      fullName: `1C (${settings.user})`,
      phoneNumber: '',
    };
  }

  handle(call: ExchangeCall): Promise<ExchangeAnswer> {
    return this.queue.run(() => this.answer(call));
  }

  private async answer({ type, mode, filename, body }: ExchangeCall): Promise<ExchangeAnswer> {
    switch (mode) {
      case 'checkauth':
        return { body: `success\n${SESSION_COOKIE}\n${this.auth.newSession()}` };
      case 'init':
        await this.folder.clear(type);
        return { body: `zip=no\nfile_limit=${this.settings.fileLimit}` };
      case 'file':
        return this.file(type, named(filename), body);
      case 'import': {
        if (type !== 'catalog') throw wrongType(mode, type);
        const { answer, changed } = await this.steps.next(named(filename), this.actor);
        if (changed) await this.catalogueChanged();
        return { body: answer.kind === 'failure' ? `failure\n${oneLine(answer.reason)}` : answer.kind };
      }
      case 'query':
        if (type !== 'sale') throw wrongType(mode, type);
        return { body: await this.sale.query(this.clock.now()), xml: true };
      case 'success':
        if (type !== 'sale') throw wrongType(mode, type);
        await this.sale.confirm();
        return { body: 'success' };
    }
  }

  /** A catalogue file is appended to (1C sends a large one in parts); orders back from 1C are taken at once. */
  private async file(type: ExchangeType, name: string, body: Readable | undefined): Promise<ExchangeAnswer> {
    if (type === 'catalog') {
      await this.folder.append(type, name, body);
      return { body: 'success' };
    }
    await this.folder.remove(type, name);
    const file = await this.folder.append(type, name, body);
    try {
      await this.sale.receive(file, this.actor);
      return { body: 'success' };
    } catch (error) {
      if (error instanceof XmlRefused || (error instanceof AppError && error.statusCode < 500))
        return { body: `failure\n${oneLine(error.message)}` };
      throw error;
    }
  }
}

function named(filename: string | undefined): string {
  if (!filename) throw new AppError(400, 'VALIDATION_ERROR', 'filename is required in this mode');
  return filename;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 500);
