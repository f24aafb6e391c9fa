import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError } from '../shared/errors.js';
import { parseSnapshotText, readSnapshotFile } from '../snapshot/read.js';
import type { Snapshot } from '../snapshot/types.js';

/**
 * A snapshot argument: a file path, or `<rev>:<path>` read from git (`origin/main:mcp/server.snapshot.json`).
 * An existing file always wins, so `C:\snap.json` or a file whose name has a colon is still a file.
 * As in `git show`, the path after the colon is relative to the repository root (`rev:./x` is relative to cwd).
 */
export async function readSnapshotArg(arg: string, cwd: string): Promise<Snapshot> {
  return (await readSnapshotArgText(arg, cwd)).snapshot;
}

/** The same, with the text it was parsed from (SARIF output locates findings by line in it). */
export async function readSnapshotArgText(
  arg: string,
  cwd: string,
): Promise<{ snapshot: Snapshot; text?: string }> {
  const file = resolve(cwd, arg);
  if (await exists(file)) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    // Unreadable after all: readSnapshotFile throws the error that says why.
    return text === undefined
      ? { snapshot: await readSnapshotFile(file) }
      : { snapshot: parseSnapshotText(text, file), text };
  }
  const revision = parseRevision(arg);
  if (!revision) return { snapshot: await readSnapshotFile(file) };
  const text = await gitShow(arg, cwd);
  return { snapshot: parseSnapshotText(text, arg), text };
}

/** `rev:path` with a non-empty rev that cannot be an option or a drive letter. */
export function parseRevision(arg: string): { rev: string; path: string } | undefined {
  const colon = arg.indexOf(':');
  if (colon <= 0 || colon === arg.length - 1) return undefined;
  const rev = arg.slice(0, colon);
  const path = arg.slice(colon + 1);
  // `C:\dir\snap.json` or `C:/dir` that does not exist is a missing file, not a revision named C.
  if (/^[A-Za-z]$/.test(rev) && /^[\\/]/.test(path)) return undefined;
  if (rev.startsWith('-')) return undefined;
  return { rev, path };
}

function gitShow(spec: string, cwd: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    // No shell: the spec is one argument, whatever it contains. 256 MiB covers any real snapshot.
    execFile(
      'git',
      ['show', spec],
      { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolvePromise(stdout);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') {
          return reject(
            new InputError(
              spec,
              '',
              'is not a file, and git is not installed to read it as <rev>:<path>',
              'install git, or pass a file path',
            ),
          );
        }
        const message = (stderr || error.message).trim().split('\n')[0] ?? '';
        reject(
          new InputError(
            spec,
            '',
            `is not a file, and \`git show ${spec}\` failed: ${message}`,
            'pass an existing file, or <rev>:<path> with a revision that exists (fetch it first in CI: `git fetch origin main`) and a path relative to the repository root',
          ),
        );
      },
    );
  });
}

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}
