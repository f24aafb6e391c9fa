import { readFile, writeFile } from 'node:fs/promises';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

/**
 * The bundled example as a fresh clone has it: the repo's config as JSON (a `.ts` config imports
 * `mcp-codegen`, which a folder outside the repo cannot resolve), the committed snapshot, and no
 * node_modules, so no cache, anywhere above it (a folder under the OS temp dir). Generate into it
 * first; what is then in `client/` is what a clone would check out.
 */
export function freshExampleProject(prefix: string): { dir: string; config: object } {
  const dir = mkdtempSync(join(tmpdir(), `mcp-codegen-${prefix}-`));
  copyFileSync(
    join(repoRoot, 'examples/weather/weather.snapshot.json'),
    join(dir, 'weather.snapshot.json'),
  );
  const config = {
    servers: [
      {
        name: 'weather',
        source: { snapshot: 'weather.snapshot.json' },
        out: 'client',
        validateInput: true,
        errors: {
          tools: {
            set_alert: {
              unknown_city: 'The city id is not one list_cities returns.',
              alert_limit_reached: 'The city already has 3 alerts.',
            },
          },
        },
      },
    ],
  };
  writeFileSync(join(dir, 'mcp-codegen.config.json'), JSON.stringify(config, null, 2));
  return { dir, config };
}

/** Change `file`, run `check`, and put the file back, whatever the check did. */
export async function withFileChanged<T>(
  file: string,
  change: (text: string) => string,
  check: () => Promise<T>,
): Promise<T> {
  const before = await readFile(file, 'utf8');
  await writeFile(file, change(before));
  try {
    return await check();
  } finally {
    await writeFile(file, before);
  }
}
