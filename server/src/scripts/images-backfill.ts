import { parseArgs } from 'node:util';
import {
  backfillImages,
  sweepUnusedCopies,
  type BackfillProgress,
} from '../modules/products/image-backfill.js';
import { openShopDatabase } from './cli.js';

const usage = `Usage: npm run images:backfill
Makes the AVIF and WebP copies (320, 640, 960, 1280 px) of product pictures uploaded before they
existed, then deletes sized copies no product shows any more (older than an hour). Safe to run
again, and to stop: the next run goes on from what is still missing.`;

const { values } = parseArgs({ options: { help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const BAR_WIDTH = 30;

/** A bar redrawn in place on a terminal; one line per picture in a log. */
function showProgress({ done, total, src, outcome }: BackfillProgress): void {
  const filled = Math.round((done / total) * BAR_WIDTH);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${done}/${total}`;
  if (process.stdout.isTTY) process.stdout.write(`\r${bar} `);
  else console.log(`${bar} ${outcome} ${src}`);
}

const { config, database } = await openShopDatabase();
try {
  const result = await backfillImages(database.db, config.uploadsDir, showProgress);
  if (process.stdout.isTTY) process.stdout.write('\n');
  console.log(
    `${result.converted} picture(s) converted, ${result.missing} missing on disk (left as they are).`,
  );
  const swept = await sweepUnusedCopies(database.db, config.uploadsDir);
  console.log(`Deleted ${swept} sized picture cop${swept === 1 ? 'y' : 'ies'} that no product shows.`);
} finally {
  await database.close();
}
