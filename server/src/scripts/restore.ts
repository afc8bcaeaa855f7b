import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.js';
import { openDatabase } from '../db/client.js';
import { readArchive } from '../ops/backup-archive.js';
import { restoreArchive, whatTheTargetHolds } from '../ops/restore.js';

const usage =
  'Usage: npm run restore -- FILE [--force]   (into the empty DATA_DIR or DATABASE_URL; --force replaces what is there)';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
});
const file = positionals[0];
if (values.help || !file || positionals.length > 1) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

try {
  const config = loadConfig();
  // The whole archive is read and checked before anything in the target is touched.
  const archive = await readArchive(file);
  const database = await openDatabase(config);
  try {
    const held = await whatTheTargetHolds(database.db, config.uploadsDir);
    if (held.length > 0 && !values.force) {
      const where = config.databaseUrl ? 'the database at DATABASE_URL' : config.dataDir;
      throw new Error(
        `${where} is not empty (${held.join(', ')}): restore into an empty one, or add --force to replace it`,
      );
    }
    await restoreArchive(database.db, config.uploadsDir, archive);
  } finally {
    await database.close();
  }
  const { trailer } = archive;
  console.log(`Restored ${file}: ${trailer.tables} tables, ${trailer.rows} rows, ${trailer.files} pictures`);
} catch (error) {
  const message = error instanceof ConfigError ? error.message : (error as Error).message;
  console.error(`Restore failed: ${message}`);
  process.exit(1);
}
