import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ClientManifest, PageRenderer } from '@shop/common';

/** The web build's two halves (web/vite.config.ts): browser files and the server renderer. */
export interface WebBuild {
  clientDir: string;
  render: PageRenderer;
}

export const webBuildPaths = (webDistDir: string) => ({
  clientDir: path.join(webDistDir, 'client'),
  manifest: path.join(webDistDir, 'client', '.vite', 'manifest.json'),
  renderer: path.join(webDistDir, 'server', 'entry-server.js'),
});

/** Loads the built renderer with the client manifest; null when the web app is not built. */
export async function loadWebBuild(webDistDir: string): Promise<WebBuild | null> {
  const paths = webBuildPaths(webDistDir);
  if (!existsSync(paths.renderer) || !existsSync(paths.manifest)) return null;
  const manifest = JSON.parse(readFileSync(paths.manifest, 'utf8')) as ClientManifest;
  const module = (await import(pathToFileURL(paths.renderer).href)) as {
    createPageRenderer(manifest: ClientManifest): PageRenderer;
  };
  return { clientDir: paths.clientDir, render: module.createPageRenderer(manifest) };
}
