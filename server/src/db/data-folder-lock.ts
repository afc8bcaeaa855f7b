import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Beside the embedded database's own folder, not in it (that one is PostgreSQL's). */
export const LOCK_FILE = 'pglite.lock';

/** The embedded database is open in another living process. */
export class DataFolderInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number,
  ) {
    super(
      `the embedded database in ${dataDir} is open in another process (pid ${holder}, written in ` +
        `${path.join(dataDir, LOCK_FILE)}): a running shop ` +
        'or another command. Stop it first (Ctrl+C where it runs), then try again; several processes ' +
        'at once need PostgreSQL (DATABASE_URL).',
    );
    this.name = 'DataFolderInUse';
  }
}

/**
 * When a process started (clock ticks since boot, Linux's /proc), so a lock is not taken for that
 * of another process given the same pid later (a container restarted after a crash). Null where
 * there is no /proc: the pid alone is then compared.
 */
export const startedAt = (pid: number | 'self'): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name in parentheses: state is field 3, the start time field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
};

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

interface Holder {
  pid: number;
  started: string | null;
}

const holderOf = (file: string): Holder | null => {
  try {
    const [pid, started] = readFileSync(file, 'utf8').trim().split(' ');
    const number = Number(pid);
    return Number.isInteger(number) && number > 0 ? { pid: number, started: started ?? null } : null;
  } catch {
    return null;
  }
};

const stillHolds = ({ pid, started }: Holder) => {
  if (pid === process.pid || !isRunning(pid)) return false;
  const now = startedAt(pid);
  return started === null || now === null || now === started;
};

/** This process's open handles per lock file: it may open its own folder more than once (tests). */
const held = new Map<string, number>();

/**
 * Takes the data folder's embedded database for this process, and answers the function that gives
 * it back. PGlite is PostgreSQL inside one process: a second process on the same files (a command
 * run beside the running shop) works from its own copy of the pages and can overwrite the shop's
 * writes, and the shop does not see its own (an account made by `admin:create` could not sign
 * in). A lock left by a process that is gone (killed), or by an earlier process that had this
 * pid, is taken over.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const release = () => {
    const count = (held.get(file) ?? 1) - 1;
    if (count > 0) return void held.set(file, count);
    held.delete(file);
    if (holderOf(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  if (held.has(file)) {
    held.set(file, held.get(file)! + 1);
    return release;
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(file, [process.pid, startedAt('self')].filter(Boolean).join(' '), { flag: 'wx' });
      held.set(file, 1);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      if (holder && stillHolds(holder)) throw new DataFolderInUse(dataDir, holder.pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take ${file}`);
}
