/**
 * `--check` from the manifest alone: when the inputs, the options, the generator and each file's
 * prettier options hash as the manifest says, the output is what the manifest lists, and comparing
 * each file's hash with it answers the check without loading the generator (json-schema-to-typescript,
 * Ajv, the emit stack). Anything else (a changed input, another generator, a changed prettier config)
 * is undecided here: the caller generates in memory and compares bytes.
 */
import { resolve } from 'node:path';
import type { Manifest } from './manifest.js';
import { sha256 } from './manifest.js';
import type { PlannedFile } from './output.js';
import { optionsText } from './prettier-hash.js';

export interface Made {
  generator: string;
  /** A hash of each input as read, by the manifest's input name (`catalog`). */
  inputs: Record<string, string>;
  options: string;
}

/** Whether `manifest` was made from exactly these inputs, options and generator: given/want in the tests. */
export function madeFrom(manifest: Manifest, made: Made): boolean {
  const names = Object.keys(made.inputs);
  return (
    manifest.generator === made.generator &&
    manifest.options === made.options &&
    Object.keys(manifest.inputs).length === names.length &&
    names.every((name) => {
      const known = manifest.inputs[name];
      const read = made.inputs[name];
      return known !== undefined && (known.canonical === read || known.bytes === read);
    })
  );
}

/** The files `manifest` lists, to compare by hash; undefined when the manifest cannot decide. */
export async function plannedByManifest(
  manifest: Manifest,
  made: Made,
  outDir: string,
): Promise<PlannedFile[] | undefined> {
  if (!madeFrom(manifest, made)) return undefined;
  const formatted = manifest.files.filter((f) => f.prettier !== undefined);
  if (formatted.length > 0) {
    const { prettierOptionsFor } = await import('../emit/format/prettier-options.js');
    const hashes = await Promise.all(
      formatted.map(async (f) =>
        sha256(optionsText(await prettierOptionsFor(resolve(outDir, f.path)))),
      ),
    );
    if (hashes.some((hash, i) => hash !== formatted[i]!.prettier)) return undefined;
  }
  return [...manifest.files, ...(manifest.docs ?? [])].map((f) => ({
    file: resolve(outDir, f.path),
    sha256: f.sha256,
  }));
}

/**
 * A folder's files and its manifest, decided by `manifest`'s hashes (plannedByManifest), for a folder
 * whose manifest was read as `text`; undefined when the manifest cannot decide.
 */
export async function folderByManifest(
  folder: { file: string; text: string | undefined; manifest: Manifest | undefined },
  made: Made,
  outDir: string,
): Promise<PlannedFile[] | undefined> {
  const { file, text, manifest } = folder;
  if (manifest === undefined || text === undefined) return undefined;
  const byHash = await plannedByManifest(manifest, made, outDir);
  return byHash && [...byHash, { file, content: text }];
}
