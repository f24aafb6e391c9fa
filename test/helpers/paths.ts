import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// ../shared beside the repository; MCP_CODEGEN_SHARED names it elsewhere (a git worktree one level deeper).
const sharedDir = process.env.MCP_CODEGEN_SHARED
  ? resolve(process.env.MCP_CODEGEN_SHARED)
  : resolve(repoRoot, '../shared');
export const catalogsDir = join(sharedDir, 'catalogs');
export const tmpRoot = join(repoRoot, 'test/.tmp');
export const bin = join(repoRoot, 'bin/mcp-codegen.js');

/** The real catalogs in ../shared, or a reason to skip when that folder is absent. */
export function sharedCatalogs(): { files: string[]; skip?: string } {
  if (!existsSync(catalogsDir))
    return {
      files: [],
      skip: `../shared/catalogs not found at ${catalogsDir}: real-catalog tests skipped`,
    };
  const top = readdirSync(catalogsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(catalogsDir, f));
  const wm = join(catalogsDir, 'worldmonitor');
  const more = existsSync(wm)
    ? readdirSync(wm)
        .filter((f) => f.endsWith('tools-list.json'))
        .map((f) => join(wm, f))
    : [];
  return { files: [...top, ...more].sort() };
}

export function fixtureCatalogs(): string[] {
  const dir = join(repoRoot, 'fixtures/catalogs');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}
