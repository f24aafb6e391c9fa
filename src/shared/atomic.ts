import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Write to a sibling temp file, then rename: a reader never sees half a file, a failure leaves the
 * old one. `mode` is the new file's permissions from its first byte (0o600 for the token store).
 */
export async function writeFileAtomic(
  file: string,
  content: string,
  options: { mode?: number } = {},
): Promise<void> {
  await writeFilesAtomic([{ file, content, ...options }]);
}

/**
 * Several files as one step, as far as a file system allows: every temp file is written first, and
 * each file to remove is moved aside beside it; only when all of that succeeded are the temp files
 * renamed into place and the moved-aside files deleted. A failure while staging (a full disk, a
 * read-only folder) removes the temp files, moves the others back, and leaves every file as it was.
 * A folder a removal leaves empty is removed too (a per-tool `tools/` after a switch of layout).
 */
export async function writeFilesAtomic(
  files: ReadonlyArray<{ file: string; content: string; mode?: number }>,
  remove: readonly string[] = [],
): Promise<void> {
  const staged: Array<{ temp: string; file: string }> = [];
  const aside: Array<{ temp: string; file: string }> = [];
  const createdDirs: string[] = [];
  const tempOf = (file: string) =>
    join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    for (const { file, content, mode } of files) {
      const created = await mkdir(dirname(file), { recursive: true });
      if (created) createdDirs.push(created);
      const temp = tempOf(file);
      staged.push({ temp, file });
      await writeFile(temp, content, mode === undefined ? 'utf8' : { encoding: 'utf8', mode });
    }
    for (const file of remove) {
      const temp = tempOf(file);
      await rename(file, temp);
      aside.push({ temp, file });
    }
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    for (const { temp, file } of aside.reverse()) await rename(temp, file);
    // Folders this call created held only temp files: remove them too, newest first.
    for (const dir of createdDirs.reverse()) await rm(dir, { recursive: true, force: true });
    throw error;
  }
  for (const { temp, file } of staged) await rename(temp, file);
  for (const { temp } of aside) await rm(temp, { force: true });
  for (const dir of new Set(aside.map(({ file }) => dirname(file))))
    await rmdir(dir).catch(() => undefined); // not empty: something else lives there, it stays
}
