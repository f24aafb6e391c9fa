import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { CodegenError } from '../shared/errors.js';
import type { GeneratedFile } from './types.js';
import { writeFilesAtomic } from '../shared/atomic.js';
import { sha256 } from './manifest.js';
import { readIfExists } from './ownership.js';

/**
 * A file this run produces: its content, or, when `--check` decided from the manifest without
 * generating, only the hash its content must have.
 */
export type PlannedFile = { file: string; content: string } | { file: string; sha256: string };

export function display(file: string, root: string): string {
  return relative(root, file).split(sep).join('/');
}

/** `leftovers`: files that are ours and no longer produced, reported as obsolete. */
export async function compareAll(
  planned: readonly PlannedFile[],
  leftovers: readonly string[],
  root: string,
): Promise<GeneratedFile[]> {
  const compared = await Promise.all(
    planned.map(async (entry) => {
      const current =
        'content' in entry ? await readIfExists(entry.file) : await readBytes(entry.file);
      const same =
        current !== undefined &&
        ('content' in entry ? current === entry.content : sha256(current) === entry.sha256);
      const status = current === undefined ? 'missing' : same ? 'unchanged' : 'stale';
      return { path: display(entry.file, root), status } as const;
    }),
  );
  const obsolete = leftovers.map(
    (file) => ({ path: display(file, root), status: 'obsolete' }) as const,
  );
  return [...compared, ...obsolete];
}

/** The bytes as they are: a hash of a file decoded and encoded again would miss a stray byte. */
async function readBytes(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    throw error;
  }
}

export async function writeAll(
  planned: ReadonlyArray<{ file: string; content: string }>,
  leftovers: readonly string[],
  root: string,
): Promise<GeneratedFile[]> {
  const compared = await compareAll(planned, [], root);
  const changed = planned.filter((_, i) => compared[i]!.status !== 'unchanged');
  try {
    await writeFilesAtomic(changed, leftovers);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new CodegenError(
      `cannot write ${e.path ? display(e.path, root) : 'the output'}: ${e.code ?? e.message}`,
      {
        hint: 'check that the output folders can be written; no file was changed or removed',
        cause: error,
      },
    );
  }
  return [
    ...compared.map((f) => ({
      path: f.path,
      status: f.status === 'unchanged' ? ('unchanged' as const) : ('written' as const),
    })),
    ...leftovers.map((file) => ({ path: display(file, root), status: 'removed' as const })),
  ];
}
