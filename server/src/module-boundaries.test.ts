import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layout as a test (docs/architecture.md): infrastructure imports no feature module,
 * modules and top-level folders form no import cycle (two modules needing the same thing share a
 * third, as orders and payments share stock), and only test code imports a test framework.
 */
const SRC = path.dirname(fileURLToPath(import.meta.url));
const INFRASTRUCTURE = ['background', 'config', 'db', 'plugins', 'shared-state'];

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
const isTestCode = (file: string) => /\.test\.ts$/.test(file) || file.startsWith(path.join(SRC, 'test'));
const production = walk(SRC).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !isTestCode(file),
);

/** `modules/<name>` for a module's file, else the top-level folder or file under src/. */
function unitOf(file: string): string {
  const [first, second] = path.relative(SRC, file).split(path.sep);
  return first === 'modules' ? `modules/${second}` : first!;
}

/** The files a file imports by relative path (type-only imports too: they tie the two as well). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]/g)].map((match) =>
    path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, '.ts')),
  );
}

const edges = new Map<string, Set<string>>();
for (const file of production) {
  const from = unitOf(file);
  for (const target of importsOf(file)) {
    const to = unitOf(target);
    if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
}

/** One import path that leads from `unit` back to itself, if any. */
function cycleFrom(unit: string): string[] | undefined {
  const walkFrom = (at: string, trail: string[]): string[] | undefined => {
    for (const next of edges.get(at) ?? []) {
      if (next === unit) return [...trail, next];
      if (!trail.includes(next)) {
        const found = walkFrom(next, [...trail, next]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walkFrom(unit, [unit]);
}

describe('server module boundaries', () => {
  it('keeps infrastructure free of feature modules', () => {
    const reaching = [...edges]
      .filter(([from]) => INFRASTRUCTURE.includes(from))
      .flatMap(([from, to]) =>
        [...to].filter((unit) => unit.startsWith('modules/')).map((unit) => `${from} → ${unit}`),
      );
    expect(reaching).toEqual([]);
  });

  it('has no import cycle between modules or folders', () => {
    const cycles = [...edges.keys()].map(cycleFrom).filter((cycle) => cycle !== undefined);
    expect(cycles.map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('imports a test framework only from test code', () => {
    const framework = production.filter((file) =>
      /from ['"](vitest|@playwright\/test)['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(framework.map((file) => path.relative(SRC, file))).toEqual([]);
  });
});
