import { posix } from 'node:path';
import { InputError } from '../shared/errors.js';
import { docsFormatOf } from './docs-format.js';
import { knownKeys } from './known-keys.js';
import { describe, object } from './values.js';

const DOCS_KEYS = ['out', 'format', 'split', 'full'] as const;

/** A path as written, compared with the others: `./docs/a/` and `docs/a` are one path. */
const normal = (path: string) => posix.normalize(path.split('\\').join('/')).replace(/\/$/, '');

/** A server's `docs: { out, format?, split?, full? }`, on its own. */
export function checkDocs(value: unknown, file: string, at: string): void {
  const docs = object(value, file, at, '{ out, format }');
  knownKeys(docs, file, at, DOCS_KEYS, 'docs');
  if (typeof docs.out !== 'string' || docs.out === '')
    throw new InputError(
      file,
      `${at}/out`,
      `expected a file path, got ${describe(docs.out)}`,
      'e.g. "docs/weather.html", "docs/weather.md" or "llms.txt"; a folder with split: true',
    );
  for (const flag of ['split', 'full'] as const)
    if (docs[flag] !== undefined && typeof docs[flag] !== 'boolean')
      throw new InputError(
        file,
        `${at}/${flag}`,
        `expected true or false, got ${describe(docs[flag])}`,
      );
  const format = docsFormatOf(docs.out, docs.format, docs.split === true, docs.full === true);
  if (typeof format !== 'string')
    throw new InputError(file, `${at}/${format.option}`, format.message, format.hint);
}

/**
 * Where every server's docs go, against the folders `generate` owns: never inside a client's `out`,
 * the shared runtime's or the aggregate's (their manifests remove what they no longer make, and a
 * page is not theirs), and never one path for two servers.
 */
export function checkDocsPlaces(
  servers: unknown[],
  owned: ReadonlyArray<{ out: string; what: string }>,
  file: string,
): void {
  const seen = new Map<string, string>();
  servers.forEach((server, i) => {
    const s = server as { name?: unknown; docs?: { out?: unknown } };
    if (typeof s.docs?.out !== 'string') return;
    const at = `/servers/${i}/docs/out`;
    const out = normal(s.docs.out);
    for (const folder of owned) {
      const owner = normal(folder.out);
      if (out === owner || out.startsWith(`${owner}/`) || owner === '.')
        throw new InputError(
          file,
          at,
          `${JSON.stringify(s.docs.out)} is inside ${folder.what} (${JSON.stringify(folder.out)})`,
          "put the docs outside every client's folder, e.g. docs/<server>.html: generate owns those folders and removes what it no longer makes there",
        );
    }
    const other = seen.get(out);
    if (other !== undefined)
      throw new InputError(
        file,
        at,
        `${JSON.stringify(s.docs.out)} is also the docs of server ${other}`,
        'give each server its own docs path',
      );
    seen.set(out, JSON.stringify(s.name));
  });
}
