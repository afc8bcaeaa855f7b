import { stat } from 'node:fs/promises';
import type { Db } from '../../db/client.js';
import { AppError } from '../../plugins/errors.js';
import type { Actor } from '../audit/audit-log.js';
import type { CatalogueExchange, ExchangeCounts, ReadCatalogue } from './catalogue-exchange.js';
import { readCatalogue, readOffers, type OffersFile } from './commerceml.js';
import type { ExchangeFolder } from './exchange-folder.js';
import { sentPictures } from './exchange-pictures.js';
import type { OffersExchange } from './offers-exchange.js';
import { XmlRefused } from './xml-reader.js';

/**
 * Where the import of one file stands between 1C's `mode=import` calls: read and checked (kept
 * here as JSON), then applied, or refused with its reason.
 */
type ImportState =
  | { phase: 'read'; catalogue: ReadCatalogue }
  | { phase: 'read'; offers: OffersFile }
  | { phase: 'done'; counts: ExchangeCounts }
  | { phase: 'failed'; reason: string };

/** What `mode=import` answers 1C. */
export type ImportAnswer =
  { kind: 'progress' } | { kind: 'success'; counts?: ExchangeCounts } | { kind: 'failure'; reason: string };

/** import.xml (and 1C's split groups/properties files) or offers.xml (and its prices/rests parts). */
function kindOf(name: string): 'catalogue' | 'offers' {
  const base = name.split('/').at(-1)!.toLowerCase();
  if (/^(import|groups|properties)/.test(base)) return 'catalogue';
  if (/^(offers|prices|rests)/.test(base)) return 'offers';
  throw new XmlRefused(`${name}: not an import, offers, prices or rests file`);
}

/**
 * `mode=import` in steps: the first call reads and checks the whole file (the pictures it names
 * too) and answers `progress`; the next applies it in one transaction and answers `success`, so a
 * file changes the catalogue whole or not at all. Calls after that answer as the import ended.
 */
export class CatalogueSteps {
  constructor(
    private readonly db: Db,
    private readonly folder: ExchangeFolder,
    private readonly catalogue: CatalogueExchange,
    private readonly offers: OffersExchange,
  ) {}

  async next(name: string, actor: Actor): Promise<{ answer: ImportAnswer; changed: boolean }> {
    const file = this.folder.pathOf('catalog', name);
    const state = await this.folder.readState<ImportState>('catalog', name);
    try {
      if (!state) {
        await this.folder.writeState('catalog', name, await this.read(file, name));
        return { answer: { kind: 'progress' }, changed: false };
      }
      if (state.phase === 'done')
        return { answer: { kind: 'success', counts: state.counts }, changed: false };
      if (state.phase === 'failed')
        return { answer: { kind: 'failure', reason: state.reason }, changed: false };
      const folder = this.folder.folder('catalog');
      const counts =
        'catalogue' in state
          ? await this.catalogue.apply(this.db, folder, state.catalogue, actor)
          : await this.offers.apply(this.db, state.offers, actor);
      await this.folder.writeState('catalog', name, { phase: 'done', counts } satisfies ImportState);
      return {
        answer: { kind: 'success', counts },
        changed: counts.created + counts.updated + counts.hidden > 0,
      };
    } catch (error) {
      // A picture that is no image (the products module's 415) refuses the file as a bad XML does.
      if (!(error instanceof XmlRefused || (error instanceof AppError && error.statusCode < 500)))
        throw error;
      await this.folder.writeState('catalog', name, {
        phase: 'failed',
        reason: error.message,
      } satisfies ImportState);
      return { answer: { kind: 'failure', reason: error.message }, changed: false };
    }
  }

  private async read(file: string, name: string): Promise<ImportState> {
    const kind = kindOf(name);
    if (kind === 'offers') return { phase: 'read', offers: await readOffers(await existing(file, name)) };
    const read = await readCatalogue(await existing(file, name));
    const folder = this.folder.folder('catalog');
    const items = [];
    for (const item of read.items)
      items.push({ ...item, sentPictures: await sentPictures(folder, item.pictures) });
    return { phase: 'read', catalogue: { complete: read.complete, groups: [...read.groups], items } };
  }
}

async function existing(file: string, name: string): Promise<string> {
  if (!(await stat(file).catch(() => undefined))) throw new XmlRefused(`${name} was not sent (mode=file)`);
  return file;
}
