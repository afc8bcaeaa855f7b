import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from './routes';

const noLoader = () => null;
const modulesOf = (routes: RouteObject[]): string[] =>
  routes.flatMap((route) => [
    ...((route.handle as { module?: string } | undefined)?.module
      ? [(route.handle as { module: string }).module]
      : []),
    ...modulesOf(route.children ?? []),
  ]);

describe('route modules', () => {
  it("name files that exist, as Vite's manifest keys them (the server preloads a page's chunk by them)", () => {
    const modules = modulesOf(
      createRoutes({
        home: noLoader,
        products: noLoader,
        product: noLoader,
        privacy: noLoader,
        notFound: noLoader,
      }),
    );
    expect(modules.length).toBeGreaterThan(5);
    const webRoot = path.resolve(import.meta.dirname, '../..');
    expect(modules.filter((module) => !existsSync(path.join(webRoot, module)))).toEqual([]);
  });
});
