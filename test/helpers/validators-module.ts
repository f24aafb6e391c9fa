/**
 * Writes a module from `emitValidatorModule` into test/.tmp next to the runtime a client gets (the
 * validator's copy included) and imports it, through tsx.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RUNTIME_TEMPLATES, runtimeFiles } from '../../src/emit/emit.js';
import { emitValidatorModule } from '../../src/emit/client/validators.js';
import type { ValidatorEntry, ValidatorModule } from '../../src/emit/client/validators.js';
import type { ValidationIssue } from '../../templates/runtime.js';
import { tmpRoot } from './paths.js';

export type Validator = (value: unknown) => readonly ValidationIssue[];

/** A fresh folder under test/.tmp holding `validators.ts` and the runtime it imports. */
export async function writeValidatorModule(
  module: ValidatorModule,
  label: string,
): Promise<string> {
  await mkdir(tmpRoot, { recursive: true });
  const dir = await mkdtemp(join(tmpRoot, `validators-${label}-`));
  for (const file of await runtimeFiles(RUNTIME_TEMPLATES))
    await writeFile(join(dir, file.path), file.content);
  await writeFile(join(dir, 'validators.ts'), module.source);
  return dir;
}

/** Emit `entries`, write them, import the module: its exports by name, and the warnings. */
export async function loadValidators(
  entries: ValidatorEntry[],
  label: string,
): Promise<{ validators: Record<string, Validator>; module: ValidatorModule; dir: string }> {
  const module = emitValidatorModule(entries);
  const dir = await writeValidatorModule(module, label);
  const validators = (await import(pathToFileURL(join(dir, 'validators.ts')).href)) as Record<
    string,
    Validator
  >;
  return { validators, module, dir };
}
