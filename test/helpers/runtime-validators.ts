/**
 * Validators for hand-written specs, made the way generated clients get theirs: the generator's
 * validator module emitter writes validators.ts (with the runtime templates next to it) into
 * test/.tmp, and it is imported. The folder is named by a hash of the source, and files are written
 * through a rename, so test files running in parallel share it safely.
 */
import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RUNTIME_TEMPLATES, runtimeFiles } from '../../src/emit/emit.js';
import { emitValidatorModule } from '../../src/emit/client/validators.js';
import type { JsonObject } from '../../src/snapshot/types.js';
import type { Validator } from '../../templates/runtime.js';
import { tmpRoot } from './paths.js';

export async function compileValidators(
  schemas: Record<string, object>,
): Promise<Record<string, Validator>> {
  const entries = Object.entries(schemas).map(([name, schema]) => ({
    name,
    schema: schema as JsonObject,
  }));
  const { source } = emitValidatorModule(entries);
  const dir = join(
    tmpRoot,
    'validators',
    createHash('sha256').update(source).digest('hex').slice(0, 16),
  );
  await mkdir(dir, { recursive: true });
  const files: Array<[string, string]> = [['validators.ts', source]];
  for (const file of await runtimeFiles(RUNTIME_TEMPLATES)) files.push([file.path, file.content]);
  for (const [name, content] of files) {
    const temp = join(dir, `${name}.${process.pid}.tmp`);
    await writeFile(temp, content);
    await rename(temp, join(dir, name));
  }
  return (await import(pathToFileURL(join(dir, 'validators.ts')).href)) as Record<
    string,
    Validator
  >;
}
