import { open, readFile, rm, stat } from 'node:fs/promises';
import { AuthError } from '../../shared/errors.js';

/** A lock older than this is taken over even if its process seems alive (a reused pid, another machine). */
const STALE_MS = 120_000;
/** How long to wait for another process's refresh before giving up. */
const WAIT_MS = 60_000;

/**
 * Run `work` holding an exclusive lock on `lockFile`, across processes: the file is created with
 * O_EXCL and holds the owner's pid. A lock whose process is gone, or that is older than two
 * minutes, is stale and taken over. Two processes that refresh at once (parallel CI steps, a
 * `--watch` beside a build) take turns, so the second reads what the first stored.
 */
export async function withFileLock<T>(lockFile: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  let pause = 20;
  for (;;) {
    const handle = await open(lockFile, 'wx', 0o600).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') return undefined;
      throw error;
    });
    if (handle) {
      try {
        await handle.writeFile(`${process.pid}\n`);
      } finally {
        await handle.close();
      }
      try {
        return await work();
      } finally {
        await rm(lockFile, { force: true });
      }
    }
    if (await isStale(lockFile)) {
      await rm(lockFile, { force: true });
      continue;
    }
    if (Date.now() > deadline)
      throw new AuthError(`the token store is locked by another process (${lockFile})`, {
        hint: 'another mcp-codegen is refreshing the same login; if none is running, delete that file',
      });
    await new Promise((done) => setTimeout(done, pause + Math.random() * pause));
    pause = Math.min(pause * 2, 250);
  }
}

async function isStale(lockFile: string): Promise<boolean> {
  try {
    const [text, info] = await Promise.all([readFile(lockFile, 'utf8'), stat(lockFile)]);
    if (Date.now() - info.mtimeMs > STALE_MS) return true;
    const pid = Number(text.trim());
    // An empty file is a lock being written this instant: not stale.
    if (!Number.isInteger(pid) || pid <= 0) return false;
    try {
      process.kill(pid, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  } catch {
    // Gone between the attempt and this look: try again at once.
    return true;
  }
}
