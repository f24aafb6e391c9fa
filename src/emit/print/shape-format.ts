/**
 * Prettier's output for the tools, client and index files, without parsing megabytes of them.
 *
 * Those files repeat a few statement shapes once per tool (shape-tokens.ts). Prettier builds the doc
 * of each distinct shape (`printToDoc`, its own parser and printer, with the user's options); each
 * statement is that doc with its tokens filled in (shape-docs.ts), printed by prettier's own doc
 * printer. Line fitting is prettier's, on the real text, so the result is what `prettier.format`
 * gives for the whole file: test/format-shapes.test.ts checks it byte for byte.
 *
 * Where that cannot hold, `formatUnits` answers undefined and the caller formats the file with
 * prettier as before: options or plugins beyond those listed below, no `printToDoc` in this
 * prettier, or a shape prettier cannot parse (a placeholder where this module did not foresee one).
 * A statement without a shape (see shapeOf) is formatted by prettier on its own.
 */
import * as prettier from 'prettier';
import { separator, type StatementList } from './print.js';
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
 * What is formatted on its own: a top-level statement, or a class's head or one of its members.
 * Each is formatted alone (and can be remembered alone, by format.ts's memo).
 */
export interface ShapeUnit {
  kind: 'statement' | 'head' | 'member';
  text: string;
}

/** The units of a file, in order. */
export function unitsOf({ list }: StatementList): ShapeUnit[] {
  return list.flatMap((statement): ShapeUnit[] =>
    typeof statement === 'string'
      ? [{ kind: 'statement', text: statement }]
      : [
          { kind: 'head', text: statement.head },
          ...statement.members.map((m) => ({ kind: 'member' as const, text: m.text })),
        ],
  );
}

/** Whether the shape formatter can format for these options (else prettier formats the text). */
export function shapesSupport(options: prettier.Options): boolean {
  const settings = { ...options, parser: 'babel-ts' };
  return debugApi?.printToDoc !== undefined && supported(settings);
}

/** Each unit formatted, or undefined when one of them cannot be formatted by shape. */
export async function formatUnits(
  units: readonly ShapeUnit[],
  options: prettier.Options,
): Promise<string[] | undefined> {
  if (!shapesSupport(options)) return undefined;
  const settings = { ...options, parser: 'babel-ts' };
  const key = JSON.stringify(settings, Object.keys(settings).sort());
  let docs = docsByOptions.get(key);
  if (docs === undefined) docs = docsByOptions.set(key, new Map()).get(key)!;
  const printer = new StatementPrinter(debugApi as PrintToDoc, settings, docs);
  const texts: string[] = [];
  try {
    for (const unit of units) {
      const text = await printer[unit.kind](unit.text);
      if (text === undefined) return undefined;
      texts.push(text);
    }
  } catch (error) {
    // A shape that does not parse is this module's mistake, not the file's: prettier formats the file.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
  return texts;
}

/** The file from its units' formatted texts (in `unitsOf` order), separated as `fileText` separates. */
export function assemble({ list, together }: StatementList, texts: readonly string[]): string {
  let out = '';
  let next = 0;
  list.forEach((statement, i) => {
    if (i > 0) out += separator(together, list[i - 1]!, statement);
    if (typeof statement === 'string') {
      out += texts[next++];
      return;
    }
    // Prettier prints class members one indent in, a line break and at most one blank line apart.
    out += `${texts[next++]}\n`;
    statement.members.forEach((member, m) => {
      if (m > 0 && member.blankBefore) out += '\n';
      out += `${texts[next++]}\n`;
    });
    out += '}';
  });
  return `${out}\n`;
}

/**
 * The file of these statements as prettier formats it, or undefined when prettier must format the
 * text itself: `formatUnits` then `assemble`, all in this thread.
 */
export async function formatStatements(
  statements: StatementList,
  options: prettier.Options,
): Promise<string | undefined> {
  const texts = await formatUnits(unitsOf(statements), options);
  return texts && assemble(statements, texts);
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

  /** A class's head (`export class X`, after its doc) as prettier opens it: `export class X {`. */
  async head(text: string): Promise<string | undefined> {
    const printed = await this.statement(`${text} {}`);
    return printed.endsWith(' {}') ? printed.slice(0, -1) : undefined;
  }

  /** A class member, formatted as the only member of a class: its lines, one indent in. */
  async member(text: string): Promise<string | undefined> {
    const lines = (await this.statement(`class ShapeWrapper {\n${text}}`)).split('\n');
    if (lines[0] !== 'class ShapeWrapper {' || lines.at(-1) !== '}') return undefined;
    return lines.slice(1, -1).join('\n');
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
