import { spawn } from 'node:child_process';
import { SERVER_ROOT } from '../paths.js';

export interface StartResult {
  /** Exit code; null when the shop was still running and was stopped by the test. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether the shop answered /api/health before it was stopped. */
  served: boolean;
}

/**
 * The real start (`src/main.ts` in its own Node process) with exactly `env` plus PATH and HOME.
 * It runs until it exits by itself, or until it answers /api/health on `port` (then SIGTERM).
 */
export async function startShop(env: Record<string, string>, port: number): Promise<StartResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let finished = false;
  void exited.then(() => (finished = true));
  let served = false;
  const deadline = Date.now() + 90_000;
  while (!finished && !served && Date.now() < deadline) {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    served = response?.ok ?? false;
    if (!served) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!finished) child.kill('SIGTERM');
  const code = await exited;
  return { code: served ? null : code, stdout, stderr, served };
}

/** A shop left running for a test: its address, its output so far, and how to stop it. */
export interface RunningShop {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export async function runShop(env: Record<string, string>, port: number): Promise<RunningShop> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited while starting:\n${output}`);
    const response = await fetch(`${url}/api/health`).catch(() => undefined);
    if (response?.ok) break;
    if (Date.now() > deadline) throw new Error(`the shop did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
