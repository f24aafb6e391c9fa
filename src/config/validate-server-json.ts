import { InputError } from '../shared/errors.js';
import { list } from './known-keys.js';
import { describe } from './values.js';
import { SERVER_JSON_CHOICES } from './types.js';

/** `{ serverJson, package?, version? }`: the file, which entry, and a version to run instead. */
export function checkServerJsonSource(
  source: Record<string, unknown>,
  file: string,
  at: string,
): void {
  if (typeof source.serverJson !== 'string' || source.serverJson.trim() === '')
    throw new InputError(
      file,
      `${at}/serverJson`,
      `expected the path of a registry server.json, got ${describe(source.serverJson)}`,
    );
  if (
    source.package !== undefined &&
    !(SERVER_JSON_CHOICES as readonly unknown[]).includes(source.package)
  )
    throw new InputError(
      file,
      `${at}/package`,
      `expected one of ${list(SERVER_JSON_CHOICES)}, got ${describe(source.package)}`,
      'without it, the first package whose transport is stdio is used, then the first remote',
    );
  if (source.version === undefined) return;
  if (typeof source.version !== 'string' || source.version.trim() === '')
    throw new InputError(
      file,
      `${at}/version`,
      `expected a version string, got ${describe(source.version)}`,
    );
  if (source.package === 'remote')
    throw new InputError(
      file,
      `${at}/version`,
      'a remote has no version to choose: `version` applies to a package',
      "drop `version`, or choose a package with `package: 'npm' | 'pypi' | 'oci'`",
    );
}
