/**
 * Prettier's output for the tools, client and index files, without parsing megabytes of them.
 *
 * Those files repeat a few statement shapes once per tool (shape-tokens.ts). Prettier builds the doc
 * of each distinct shape (`printToDoc`, its own parser and printer, with the user's options); each
 * statement is that doc with its tokens filled in (shape-docs.ts), printed by prettier's own doc
 * printer. Line fitting is prettier's, on the real text, so the result is what `prettier.format`
 * gives for the whole file: test/format-shapes.test.ts checks it byte for byte.
 *
 * Where that cannot hold, `formatStatements` answers undefined and the caller formats the file with
 * prettier as before: options or plugins beyond those listed below, or no `printToDoc` in this
 * prettier. A statement without a shape (a template literal) is formatted by prettier on its own.
 */
import * as prettier from 'prettier';
import type { ClassStatement } from './print.js';
import { separator, statementText, type StatementList } from './print.js';
import { fillDoc, printString } from './shape-docs.js';
import { shapeOf } from './shape-tokens.js';

type Doc = prettier.doc.builders.Doc;
const { group, indent, join, line, softline, ifBreak } = prettier.doc.builders;

interface PrintToDoc {
  printToDoc(text: string, options: prettier.Options): Promise<Doc>;
}
const debugApi = (prettier as unknown as { __debug?: Partial<PrintToDoc> }).__debug;

/**
 * Options whose effect is wholly inside the docs prettier builds (so a shape's doc carries it), or
 * that the doc printer applies; `semi: false` is left out because prettier then protects a class
 * member against ASI by looking at the next one, which a member printed alone does not have.
 */
const SUPPORTED: Record<string, (value: unknown) => boolean> = {
  printWidth: (v) => typeof v === 'number',
  tabWidth: (v) => typeof v === 'number',
  useTabs: (v) => typeof v === 'boolean',
  singleQuote: (v) => typeof v === 'boolean',
  semi: (v) => v === true,
  trailingComma: (v) => v === 'all' || v === 'es5' || v === 'none',
  bracketSpacing: (v) => typeof v === 'boolean',
  bracketSameLine: (v) => typeof v === 'boolean',
  arrowParens: (v) => v === 'always' || v === 'avoid',
  quoteProps: (v) => v === 'as-needed',
  objectWrap: (v) => v === 'preserve' || v === 'collapse',
  endOfLine: (v) => v === 'lf' || v === 'auto',
  jsxSingleQuote: (v) => typeof v === 'boolean',
  filepath: (v) => typeof v === 'string',
  parser: (v) => v === 'babel-ts',
};

/** Shapes and their docs, by options: filled per statement, never printed themselves. */
const docsByOptions = new Map<string, Map<string, Promise<Doc>>>();

/**
 * The file of these statements as prettier formats it (separated as `fileText` separates them), or
 * undefined when prettier must format the text itself.
 */
export async function formatStatements(
  { list: statements, together }: StatementList,
  options: prettier.Options,
): Promise<string | undefined> {
  const api = debugApi?.printToDoc ? (debugApi as PrintToDoc) : undefined;
  const settings = { ...options, parser: 'babel-ts' };
  if (api === undefined || !supported(settings)) return undefined;
  const key = JSON.stringify(settings, Object.keys(settings).sort());
  let docs = docsByOptions.get(key);
  if (docs === undefined) docs = docsByOptions.set(key, new Map()).get(key)!;
  const printer = new StatementPrinter(api, settings, docs);
  let out = '';
  for (let i = 0; i < statements.length; i++) {
    const statement = statements[i]!;
    if (i > 0) out += separator(together, statements[i - 1]!, statement);
    out +=
      typeof statement === 'string'
        ? await printer.statement(statement)
        : await printer.classStatement(statement);
  }
  return `${out}\n`;
}

function supported(settings: prettier.Options): boolean {
  return Object.entries(settings).every(([name, value]) => SUPPORTED[name]?.(value) === true);
}

class StatementPrinter {
  readonly #layout: prettier.doc.printer.Options;
  readonly #singleQuote: boolean;

  constructor(
    readonly api: PrintToDoc,
    readonly settings: prettier.Options,
    readonly docs: Map<string, Promise<Doc>>,
  ) {
    this.#singleQuote = settings.singleQuote === true;
    this.#layout = {
      printWidth: settings.printWidth ?? 80,
      tabWidth: settings.tabWidth ?? 2,
      useTabs: settings.useTabs ?? false,
      // `auto` keeps the file's own line endings, and ours are `\n`.
      endOfLine: 'lf',
    } as prettier.doc.printer.Options;
  }

  /** One top-level statement, formatted, without its final newline. */
  async statement(text: string): Promise<string> {
    const list = specifierList(text);
    if (list !== undefined) return this.#print(this.#specifierDoc(list));
    const shaped = shapeOf(text);
    if (shaped === undefined) return (await prettier.format(text, this.settings)).trimEnd();
    let doc = this.docs.get(shaped.shape);
    if (doc === undefined) {
      doc = this.api.printToDoc(shaped.shape, this.settings);
      this.docs.set(shaped.shape, doc);
    }
    return this.#print(fillDoc(await doc, shaped.slots, this.#singleQuote));
  }

  /**
   * A class: its head (`export class X`, with its doc) and each member formatted on its own, as the
   * only member of a class, then put back together. Prettier prints class members independently,
   * one indent in, separated by a line break and at most one blank line.
   */
  async classStatement(statement: ClassStatement): Promise<string> {
    const head = await this.statement(`${statement.head} {}`);
    if (!head.endsWith(' {}')) return this.statement(statementText(statement));
    let out = `${head.slice(0, -1)}\n`;
    for (const [i, member] of statement.members.entries()) {
      const wrapped = await this.statement(`class ShapeWrapper {\n${member.text}}`);
      const lines = wrapped.split('\n');
      if (lines[0] !== 'class ShapeWrapper {' || lines.at(-1) !== '}') {
        return this.statement(statementText(statement));
      }
      if (i > 0 && member.blankBefore) out += '\n';
      out += `${lines.slice(1, -1).join('\n')}\n`;
    }
    return `${out}}`;
  }

  #print(doc: Doc): string {
    return prettier.doc.printer.printDocToString(doc, this.#layout).formatted.replace(/\n$/, '');
  }

  /** What prettier builds for `import { a, type B } from '…';` with two or more names. */
  #specifierDoc(list: SpecifierList): Doc {
    const spacing = this.settings.bracketSpacing === false ? softline : line;
    const trailing = this.settings.trailingComma === 'none' ? '' : ifBreak(',');
    return [
      list.keyword,
      list.typeOnly ? ' type' : '',
      ' ',
      group(['{', indent([spacing, join([',', line], list.names)]), trailing, spacing, '}']),
      ' from',
      ' ',
      printString(list.from, this.#singleQuote),
      ';',
    ];
  }
}

interface SpecifierList {
  keyword: string;
  typeOnly: boolean;
  names: string[];
  from: string;
}

// What imports.ts writes for named imports and re-exports: planner names, a JSON-quoted specifier.
const SPECIFIERS =
  /^(import|export)( type)? \{ ((?:type )?[A-Za-z_$][\w$]*(?:, (?:type )?[A-Za-z_$][\w$]*)+) \} from ("(?:[^"\\\n]|\\.)*");$/;

function specifierList(text: string): SpecifierList | undefined {
  const match = SPECIFIERS.exec(text);
  if (!match) return undefined;
  return {
    keyword: match[1]!,
    typeOnly: match[2] !== undefined,
    names: match[3]!.split(', '),
    from: match[4]!,
  };
}
