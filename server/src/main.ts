import { buildApp } from './app.js';
import { prepareShop } from './bootstrap.js';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { startVerdict } from './config/preflight.js';
import { openDatabase, type Database } from './db/client.js';
import { DataFolderInUse } from './db/data-folder-lock.js';
import { stopTakingRequests } from './graceful-stop.js';

function fail(message: string): never {
  console.error(`Cannot start the shop: ${message}`);
  process.exit(1);
}

async function open(config: Config): Promise<Database> {
  try {
    return await openDatabase(config);
  } catch (error) {
    const reason = (error as Error).message || String(error);
    if (config.databaseUrl) fail(`DATABASE_URL: cannot connect or migrate (${reason})`);
    if (error instanceof DataFolderInUse) fail(reason);
    fail(`DATA_DIR: cannot open the embedded database in ${config.dataDir} (${reason})`);
  }
}

/** A production start refuses every problem at once; otherwise each one is a warning line. */
function checkBeforeStart(): void {
  const { refusals, warnings } = startVerdict(process.env);
  for (const line of refusals) console.error(`Cannot start the shop: ${line}`);
  if (refusals.length > 0) process.exit(1);
  for (const line of warnings) console.warn(`Warning: ${line}`);
}

async function main() {
  checkBeforeStart();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const database = await open(config);
  const app = await buildApp({ config, database });
  await prepareShop(app, config, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    await stopTakingRequests(app.server);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    fail(`PORT: cannot listen on ${config.host}:${config.port} (${(error as Error).message})`);
  }
}

await main();
