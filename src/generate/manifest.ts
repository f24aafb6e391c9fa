/**
 * The record an output folder keeps of itself, `mcp-codegen.manifest.json`, committed with the
 * client: what the output was made from (a hash of each input in its canonical form, of the options
 * that shape it, of the prettier options of each formatted file, and the generator that made it),
 * which files are generated (so a later run can remove the ones it no longer makes, and never touch
 * another), and each file's hash (so `--check` on a fresh clone can answer from hashes alone).
 * Deterministic and small: no time, no absolute path, files sorted, one line a file.
 */
import { createHash } from 'node:crypto';
import { compareStrings } from '../shared/compare.js';
import { jsonSchemaFile, jsonSchemaVersion } from '../shared/validator-package.js';

export const MANIFEST_FILE = 'mcp-codegen.manifest.json';
const FORMAT = 'mcp-codegen/manifest@1';

/**
 * One input's identity. `canonical` hashes its canonical form (a snapshot as `mcp-codegen snapshot`
 * writes it), so a catalog discovered live and the same catalog read from its file agree; `bytes`
 * hashes the file as read, kept only when it differs, so a file that is not canonical is recognised
 * without being parsed.
 */
export interface InputHashes {
  canonical: string;
  bytes?: string;
}

interface ManifestFile {
  /** Relative to the output folder, `/`-separated. */
  path: string;
  sha256: string;
  /** A hash of the prettier options that formatted it; absent for a file prettier does not touch. */
  prettier?: string;
}

export interface Manifest {
  /** `mcp-codegen@<version>+<build>`: output is only known from hashes for the same generator. */
  generator: string;
  /** Keyed by input: `catalog` (the snapshot); a further input (a shapes file) is another key. */
  inputs: Record<string, InputHashes>;
  /** A hash of the config options that shape the output and its warnings. */
  options: string;
  /** What the run that made the output warned about, said again when `--check` decides by hashes. */
  warnings: { security: string[]; generator: string[] };
  files: ManifestFile[];
  /**
   * The server's docs (config `docs`), relative to the output folder like `files` but outside it
   * (`../../docs/weather.html`): hashed for `--check`, and removed once no run makes them.
   */
  docs?: ManifestFile[];
}

const VALIDATOR_FILE = jsonSchemaFile('validate');

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Pretty JSON with one line a file: a regenerated folder's manifest diffs by the files that changed. */
export function serializeManifest(manifest: Manifest): string {
  const inputs = Object.fromEntries(
    Object.keys(manifest.inputs)
      .sort(compareStrings)
      .map((name) => {
        const { canonical, bytes } = manifest.inputs[name]!;
        return [
          name,
          bytes === undefined || bytes === canonical ? { canonical } : { canonical, bytes },
        ];
      }),
  );
  const lines = (list: readonly ManifestFile[]) =>
    [...list]
      .sort((a, b) => compareStrings(a.path, b.path))
      .map(({ path, sha256, prettier }) =>
        JSON.stringify(prettier === undefined ? { path, sha256 } : { path, sha256, prettier }),
      );
  const files = lines(manifest.files);
  // Only when there are docs, so the manifest of every server without them stays what it was.
  const docs = manifest.docs
    ? `,\n  "docs": [\n${lines(manifest.docs)
        .map((f) => `    ${f}`)
        .join(',\n')}\n  ]`
    : '';
  // A folder holding the runtime says which validator it copied (src/emit/runtime/json-schema-copy.ts).
  const validator = manifest.files.some((f) => f.path === VALIDATOR_FILE)
    ? { validator: `@cfworker/json-schema@${jsonSchemaVersion()}` }
    : {};
  const head = JSON.stringify(
    {
      format: FORMAT,
      generator: manifest.generator,
      ...validator,
      inputs,
      options: manifest.options,
      warnings: manifest.warnings,
    },
    null,
    2,
  );
  return `${head.slice(0, -2)},\n  "files": [\n${files.map((f) => `    ${f}`).join(',\n')}\n  ]${docs}\n}\n`;
}

/** The manifest in `text`, or undefined for anything else (absent, another format, hand-broken). */
export function parseManifest(text: string | undefined): Manifest | undefined {
  if (text === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(raw) || raw.format !== FORMAT) return undefined;
  const { generator, inputs, options, warnings, files, docs } = raw;
  if (typeof generator !== 'string' || typeof options !== 'string') return undefined;
  if (!isRecord(inputs) || !Object.values(inputs).every(isInputHashes)) return undefined;
  if (!isRecord(warnings) || !isStrings(warnings.security) || !isStrings(warnings.generator))
    return undefined;
  if (!Array.isArray(files) || !files.every(isManifestFile)) return undefined;
  if (docs !== undefined && !(Array.isArray(docs) && docs.every(isDocsFile))) return undefined;
  return {
    generator,
    inputs: inputs as Record<string, InputHashes>,
    options,
    warnings: { security: warnings.security, generator: warnings.generator },
    files,
    ...(docs ? { docs: docs as ManifestFile[] } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isInputHashes(value: unknown): value is InputHashes {
  return (
    isRecord(value) &&
    typeof value.canonical === 'string' &&
    (value.bytes === undefined || typeof value.bytes === 'string')
  );
}

/** A safe relative path: a hand-edited manifest must not point a removal outside its folder. */
function isManifestFile(value: unknown): value is ManifestFile {
  return (
    isRecord(value) &&
    typeof value.path === 'string' &&
    isInsidePath(value.path) &&
    typeof value.sha256 === 'string' &&
    (value.prettier === undefined || typeof value.prettier === 'string')
  );
}

/**
 * A docs entry: relative, with `/` separators, and it may climb out of the output folder (`../`);
 * a removal of one also needs the file to be ours (ownership.ts), so a hand-edited entry cannot
 * point it at a user's file.
 */
function isDocsFile(value: unknown): value is ManifestFile {
  return (
    isRecord(value) &&
    typeof value.path === 'string' &&
    value.path.length > 0 &&
    !value.path.startsWith('/') &&
    !value.path.includes('\\') &&
    !/^[A-Za-z]:/.test(value.path) &&
    value.path.split('/').every((part) => part !== '' && part !== '.') &&
    typeof value.sha256 === 'string'
  );
}

export function isInsidePath(path: string): boolean {
  return (
    path.length > 0 &&
    !path.startsWith('/') &&
    !path.includes('\\') &&
    !/^[A-Za-z]:/.test(path) &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}
