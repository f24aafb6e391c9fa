/**
 * The run-time validator, `@cfworker/json-schema`, copied from its published TypeScript sources into
 * the runtime (`json-schema-*.ts`), so that a generated client still imports nothing. The files are
 * its own, byte for byte, but for the few edits below, each checked to apply exactly as written: a
 * version whose sources differ is refused here, with a message, rather than copied half-edited.
 * CONTRIBUTING.md ("Validation") says why these edits and not a peer dependency.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  jsonSchemaFile,
  jsonSchemaVersion,
  VALIDATOR_PACKAGE as PACKAGE,
  validatorPackageRoot,
} from '../../shared/validator-package.js';

/** Its source files the validator needs (not `index.ts` or the `Validator` class, which we do not use). */
const SOURCES = [
  'deep-compare-strict',
  'dereference',
  'format',
  'pointer',
  'types',
  'ucs2-length',
  'validate',
];

/** One edit: `from` must occur exactly `count` times in the file. */
interface Edit {
  readonly file: string;
  readonly from: string;
  readonly to: string;
  readonly count: number;
  readonly why: string;
}

// Generated code compiles under `verbatimModuleSyntax` and `erasableSyntaxOnly` (Node's type
// stripping runs it), and in a Node project without DOM types. The last three make `shortCircuit`
// stop as soon as the verdict is known: upstream, a failed `required` still validates every property
// and `anyOf` validates every branch, which made a valid call's validation of a large `anyOf` schema
// (the GitHub timeline's 25 event types) about 6x slower (bench/validation.ts).
const EDITS: readonly Edit[] = [
  {
    file: 'types',
    from: 'export const enum OutputFormat {\n  Flag = 1 << 0,\n  Basic = 1 << 1,\n  Detailed = 1 << 2\n}\n\n',
    to: '',
    count: 1,
    why: 'the unused `const enum OutputFormat` removed (an enum is not erasable syntax)',
  },
  {
    file: 'dereference',
    from: "import { Schema } from './types.js';",
    to: "import type { Schema } from './types.js';",
    count: 1,
    why: 'types imported as types (verbatimModuleSyntax)',
  },
  {
    file: 'validate',
    from: "import {\n  InstanceType,\n  OutputUnit,\n  Schema,\n  SchemaDraft,\n  ValidationResult\n} from './types.js';",
    to: "import type {\n  InstanceType,\n  OutputUnit,\n  Schema,\n  SchemaDraft,\n  ValidationResult\n} from './types.js';",
    count: 1,
    why: 'types imported as types (verbatimModuleSyntax)',
  },
  {
    file: 'dereference',
    from: "export let initialBaseURI: URL =\n  // @ts-ignore\n  typeof self !== 'undefined' &&\n  self.location &&\n  self.location.origin !== 'null'\n    ? //@ts-ignore\n      new URL(self.location.origin + self.location.pathname + location.search)\n    : new URL('https://github.com/cfworker');",
    to: "export let initialBaseURI: URL = new URL('https://github.com/cfworker');",
    count: 1,
    why: "the base URI of a schema without `$id` is always the package's own, not the page's `self.location` (a DOM-only global)",
  },
  {
    file: 'validate',
    from: '  let subEvaluateds: Array<Evaluated> = [];',
    to: '  if (shortCircuit && errors.length > 0) return { valid: false, errors };\n\n  let subEvaluateds: Array<Evaluated> = [];',
    count: 1,
    why: 'with `shortCircuit`, a schema already failed by `$ref`, `type`, `const`, `enum` or `not` returns before its applicators (the verdict is decided; mcp-codegen lists every error in a full pass)',
  },
  {
    file: 'validate',
    from: '      anyValid = anyValid || result.valid;\n      if (result.valid) {\n        subEvaluateds.push(subEvaluated);\n      }\n',
    to: '      anyValid = anyValid || result.valid;\n      if (result.valid) {\n        subEvaluateds.push(subEvaluated);\n        if (shortCircuit) break;\n      }\n',
    count: 1,
    why: 'with `shortCircuit`, `anyOf` stops at its first matching branch (the others only add annotations, which only `unevaluated*` read; mcp-codegen never short-circuits a schema that has them)',
  },
  {
    file: 'validate',
    from: '    const keys = Object.keys(instance);\n',
    to: '    if (shortCircuit && errors.length > 0) return { valid: false, errors };\n\n    const keys = Object.keys(instance);\n',
    count: 1,
    why: 'with `shortCircuit`, an object already failed (`required` among others) returns before its properties are validated',
  },
];

/** The runtime's copies of the validator's sources, in the order of SOURCES. */
export const JSON_SCHEMA_FILES: readonly string[] = SOURCES.map(jsonSchemaFile);

let copied: { version: string; files: Array<{ path: string; content: string }> } | undefined;

/** The copies, read once per process: paths relative to the runtime folder. */
export function jsonSchemaCopies(): {
  version: string;
  files: Array<{ path: string; content: string }>;
} {
  if (copied !== undefined) return copied;
  const root = validatorPackageRoot();
  const version = jsonSchemaVersion();
  const files = SOURCES.map((source) => {
    let text = readFileSync(join(root, 'src', `${source}.ts`), 'utf8');
    const edits = EDITS.filter((e) => e.file === source);
    for (const edit of edits) text = applied(text, edit, version);
    text = text.replace(/from '\.\/([a-z0-9-]+)\.js';/g, (whole, name: string) => {
      if (!SOURCES.includes(name))
        throw refused(version, `src/${source}.ts imports ./${name}.js, which is not copied`);
      return `from './${jsonSchemaFile(name).replace(/\.ts$/, '.js')}';`;
    });
    return { path: jsonSchemaFile(source), content: header(source, version, edits) + text };
  });
  copied = { version, files };
  return copied;
}

function applied(text: string, edit: Edit, version: string): string {
  const found = text.split(edit.from).length - 1;
  if (found !== edit.count)
    throw refused(
      version,
      `src/${edit.file}.ts has ${found} occurrence(s) of the text to edit (${edit.why}), not ${edit.count}`,
    );
  return text.split(edit.from).join(edit.to);
}

function refused(version: string, detail: string): Error {
  return new Error(
    `mcp-codegen cannot copy ${PACKAGE} ${version} into the runtime: ${detail}. ` +
      `Install the version mcp-codegen depends on (npm ls ${PACKAGE}) or report it.`,
  );
}

function header(source: string, version: string, edits: readonly Edit[]): string {
  const changes = ['its imports renamed to these files', ...edits.map((e) => e.why)];
  return [
    `// ${PACKAGE} ${version}, src/${source}.ts, copied by mcp-codegen: verbatim but for ${changes.join('; ')}.`,
    '// Do not edit: it is replaced on every `mcp-codegen generate`. https://github.com/cfworker/cfworker',
    '// MIT License. Copyright (c) Jeremy Danyow. Permission is hereby granted, free of charge, to any person obtaining a',
    '// copy of this software and associated documentation files (the "Software"), to deal in the Software without',
    '// restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense,',
    '// and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the',
    '// following conditions: The above copyright notice and this permission notice shall be included in all copies or',
    '// substantial portions of the Software. THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR',
    '// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND',
    '// NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER',
    '// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE',
    '// SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.',
    '',
  ].join('\n');
}
