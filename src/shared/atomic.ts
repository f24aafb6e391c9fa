import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Write to a sibling temp file, then rename: a reader never sees half a file, a failure leaves the old one. */
export async function writeFileAtomic(file: string, content: string): Promise<void> {
  await writeFilesAtomic([{ file, content }]);
}

/**
 * Several files as one step, as far as a file system allows: every temp file is written first, and
 * only when all of them are on disk are they renamed into place. A failure while writing (a full
 * disk, a read-only folder) removes the temp files and leaves every previous file as it was.
 */
export async function writeFilesAtomic(
  files: ReadonlyArray<{ file: string; content: string }>,
): Promise<void> {
  const staged: Array<{ temp: string; file: string }> = [];
  const createdDirs: string[] = [];
  try {
    for (const { file, content } of files) {
      const created = await mkdir(dirname(file), { recursive: true });
      if (created) createdDirs.push(created);
      const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
      staged.push({ temp, file });
      await writeFile(temp, content, 'utf8');
    }
  } catch (error) {
    await Promise.all(staged.map(({ temp }) => rm(temp, { force: true })));
    // Folders this call created held only temp files: remove them too, newest first.
    for (const dir of createdDirs.reverse()) await rm(dir, { recursive: true, force: true });
    throw error;
  }
  for (const { temp, file } of staged) await rename(temp, file);
}
