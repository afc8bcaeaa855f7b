import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';
import { DataFolderInUse, LOCK_FILE, lockDataFolder, startedAt } from './data-folder-lock.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A process that lives until killed, and one that has already exited. */
const sleeper = () => spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
const exitedPid = () =>
  new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('exit', () => resolve(child.pid!));
  });

describe('the embedded database belongs to one process', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-lock-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));
  const lockFile = () => path.join(dataDir, LOCK_FILE);

  it('refuses a folder another living process holds, naming it and saying what to do', () => {
    const holder = sleeper();
    try {
      writeFileSync(lockFile(), String(holder.pid));
      expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUse);
      expect(() => lockDataFolder(dataDir)).toThrow(
        new RegExp(
          `open in another process \\(pid ${holder.pid}, written in .*pglite\\.lock\\).*Ctrl\\+C.*DATABASE_URL`,
        ),
      );
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(holder.pid));
      // With its start time, as a shop writes it.
      writeFileSync(lockFile(), `${holder.pid} ${startedAt(holder.pid!)}`);
      expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUse);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that is gone, and gives it back', async () => {
    writeFileSync(lockFile(), String(await exitedPid()));
    const release = lockDataFolder(dataDir);
    expect(readFileSync(lockFile(), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over a lock whose pid now belongs to another process, started after it', () => {
    const other = sleeper();
    try {
      // The pid of a process living now, noted with a start time that is not its own.
      writeFileSync(lockFile(), `${other.pid} 1`);
      const release = lockDataFolder(dataDir);
      expect(readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
      release();
    } finally {
      other.kill();
    }
  });

  it('lets this process open its folder twice, keeping the lock until both are closed', () => {
    const first = lockDataFolder(dataDir);
    const second = lockDataFolder(dataDir);
    first();
    expect(existsSync(lockFile())).toBe(true);
    second();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('a command run beside an open shop stops with the reason, and runs once the shop has closed', async () => {
    const runCreateAdmin = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const { DATABASE_URL: _ignored, ...env } = process.env;
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/scripts/create-admin.ts',
            '--phone',
            '+998901112233',
            '--password',
            'a-long-password',
          ],
          { cwd: SERVER_DIR, env: { ...env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => resolve({ code, output }));
      });
    const shop = await openDatabase({ dataDir });
    const refused = await runCreateAdmin().finally(() => shop.close());
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`open in another process (pid ${process.pid}, written in`);
    const created = await runCreateAdmin();
    expect(created.output).toContain('+998901112233');
    expect(created.code).toBe(0);
  }, 60_000);
});
