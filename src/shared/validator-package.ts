/**
 * The run-time validator generated clients carry, `@cfworker/json-schema` (src/emit/runtime/json-schema-copy.ts
 * copies its sources into the runtime): its name, where its copies go, and its installed version,
 * which a manifest records. Light on purpose: `generate --check` reads manifests without the emit stack.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const VALIDATOR_PACKAGE = '@cfworker/json-schema';

/** The copied source file's name in the runtime folder (`validate` → `json-schema-validate.ts`). */
export const jsonSchemaFile = (source: string): string => `json-schema-${source}.ts`;

let root: string | undefined;

/** The installed package's folder. */
export function validatorPackageRoot(): string {
  root ??= dirname(createRequire(import.meta.url).resolve(`${VALIDATOR_PACKAGE}/package.json`));
  return root;
}

let version: string | undefined;

/** The installed package's version. */
export function jsonSchemaVersion(): string {
  version ??= (
    JSON.parse(readFileSync(join(validatorPackageRoot(), 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  return version;
}
