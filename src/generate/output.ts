import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { CodegenError } from '../shared/errors.js';
import type { GeneratedFile } from './types.js';
import { writeFilesAtomic } from '../shared/atomic.js';

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined; // not there (yet): --check reports it missing
    throw error;
  }
}

export function display(file: string, root: string): string {
  return relative(root, file).split(sep).join('/');
}

export async function compareAll(
  planned: Array<{ file: string; content: string }>,
  root: string,
): Promise<GeneratedFile[]> {
  return Promise.all(
    planned.map(async ({ file, content }) => {
      const current = await readIfExists(file);
      const status =
        current === undefined ? 'missing' : current === content ? 'unchanged' : 'stale';
      return { path: display(file, root), status } as const;
    }),
  );
}

export async function writeAll(
  planned: Array<{ file: string; content: string }>,
  root: string,
): Promise<GeneratedFile[]> {
  const compared = await compareAll(planned, root);
  const changed = planned.filter((_, i) => compared[i]!.status !== 'unchanged');
  try {
    await writeFilesAtomic(changed);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new CodegenError(
      `cannot write ${e.path ? display(e.path, root) : 'the output'}: ${e.code ?? e.message}`,
      {
        hint: 'check that the output folders can be written; no file was changed',
        cause: error,
      },
    );
  }
  return compared.map((f) => ({
    path: f.path,
    status: f.status === 'unchanged' ? 'unchanged' : 'written',
  }));
}
