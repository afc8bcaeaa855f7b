import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.js';
import { backUp } from '../ops/backup-command.js';

const usage = 'Usage: npm run backup -- --out FILE   (the database and the pictures, while the shop serves)';
const { values } = parseArgs({
  options: { out: { type: 'string' }, help: { type: 'boolean', default: false } },
});
if (values.help || !values.out) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
try {
  const summary = await backUp(loadConfig(), values.out);
  console.log(`Backed up to ${values.out}: ${summary}`);
} catch (error) {
  const message = error instanceof ConfigError ? error.message : (error as Error).message;
  console.error(`Backup failed: ${message}`);
  process.exit(1);
}
