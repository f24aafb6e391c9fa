import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Watches files by their folders, with Node's own `fs.watch` (inotify on Linux, FSEvents on
 * macOS; a folder, not recursive, is supported on both). A folder and not the file: editors save
 * by writing a temp file and renaming it over the old one, which ends a watch on the file itself
 * (and a file that does not exist yet, a shapes file say, cannot be watched at all).
 * `changed(file)` is called for each event on a watched name; callers debounce.
 */
export class FileWatch {
  readonly #folders = new Map<string, { watcher: FSWatcher | undefined; names: Set<string> }>();
  readonly #changed: (file: string) => void;
  readonly #warn: (line: string) => void;

  constructor(changed: (file: string) => void, warn: (line: string) => void) {
    this.#changed = changed;
    this.#warn = warn;
  }

  /**
   * Watch exactly these files from now on (those no longer named stop being watched). A file in
   * a folder that does not exist is watched from the next call after the folder appears.
   */
  set(files: Iterable<string>): void {
    const wanted = new Map<string, Set<string>>();
    for (const file of files) {
      const names = wanted.get(dirname(file)) ?? new Set<string>();
      names.add(basename(file));
      wanted.set(dirname(file), names);
    }
    for (const [folder, entry] of this.#folders) {
      if (wanted.has(folder)) continue;
      entry.watcher?.close();
      this.#folders.delete(folder);
    }
    for (const [folder, names] of wanted) {
      const entry = this.#folders.get(folder);
      if (entry) {
        entry.names = names;
        // A folder that did not exist yet (an output folder before the first run) is tried again.
        entry.watcher ??= this.#open(folder);
      } else this.#folders.set(folder, { watcher: this.#open(folder), names });
    }
  }

  get size(): number {
    let n = 0;
    for (const entry of this.#folders.values()) n += entry.names.size;
    return n;
  }

  close(): void {
    for (const entry of this.#folders.values()) entry.watcher?.close();
    this.#folders.clear();
  }

  #open(folder: string): FSWatcher | undefined {
    try {
      const watcher = watch(folder, { persistent: true }, (_event, name) => {
        const entry = this.#folders.get(folder);
        // Some platforms may not say which file changed: then any watched file of the folder may have.
        if (name === null) for (const each of entry?.names ?? []) this.#changed(join(folder, each));
        else if (entry?.names.has(String(name))) this.#changed(join(folder, String(name)));
      });
      watcher.on('error', (error) => this.#warn(`cannot watch ${folder}: ${error.message}`));
      return watcher;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.#warn(
          `cannot watch ${folder}: ${error instanceof Error ? error.message : String(error)}`,
        );
      return undefined;
    }
  }
}
