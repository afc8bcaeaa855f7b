import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { openDatabase, type Database } from '../db/client.js';

/** Opens the shop's database as configured by the environment, for one-off commands. */
export async function openShopDatabase(): Promise<{ config: Config; database: Database }> {
  try {
    const config = loadConfig();
    return { config, database: await openDatabase(config) };
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : (error as Error).message;
    console.error(`Cannot open the shop's database: ${message}`);
    process.exit(1);
  }
}
