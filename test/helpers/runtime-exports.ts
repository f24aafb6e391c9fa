import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

async function source(name: string): Promise<string> {
  return readFile(join(repoRoot, 'templates', name), 'utf8');
}

function declared(text: string): string[] {
  return [
    ...text.matchAll(/^export (?:async )?(?:const|type|interface|class|function) (\w+)/gm),
  ].map((m) => m[1]!);
}

/** Names templates/runtime.ts exports: declarations, `export { a, type B } from`, `export type { C }`, and `export (type) * from`. */
export async function runtimeExports(): Promise<string[]> {
  const runtime = await source('runtime.ts');
  const names = declared(runtime);
  for (const m of runtime.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    names.push(
      ...m[1]!
        .split(',')
        .map((n) => n.trim().replace(/^type /, ''))
        .filter(Boolean),
    );
  }
  for (const m of runtime.matchAll(/^export (?:type )?\* from '\.\/([\w-]+)\.js';/gm))
    names.push(...declared(await source(`${m[1]}.ts`)));
  return [...new Set(names)].sort();
}
