/**
 * Ajv's standalone code with its literals masked: every string literal (and the regex literals Ajv
 * writes for ajv-formats' formats) becomes a placeholder, so rewrites of the code (compact.ts) see only
 * code and cannot alter or match server data. Ajv writes strings as JSON (double quotes, no raw line
 * breaks) and never single quotes or template literals in code: anything else aborts the masking.
 */

export interface Masked {
  /** The code with each literal replaced by `\u0000<index>\u0000`. */
  readonly skeleton: string;
  readonly literals: readonly string[];
}

// `const formatsN = /.../flags;`: ajv-formats' regexes (trusted, but they may contain quotes).
const FORMAT_REGEX_LINE = /^(const formats\d+ = )(\/.*\/[dgimsuvy]*)(;)$/;
// Sticky: each match starts where the last one ended.
const CODE_OR_STRING = /([^"'`]*)("(?:[^"\\]|\\.)*")?/y;
const PLACEHOLDER = /\u0000(\d+)\u0000/g;

/** The masked body, or undefined when it is not in the shape described above (then leave it alone). */
export function maskLiterals(body: string): Masked | undefined {
  if (body.includes('\u0000')) return undefined;
  const literals: string[] = [];
  const hold = (literal: string) => `\u0000${literals.push(literal) - 1}\u0000`;
  const lines: string[] = [];
  for (const line of body.split('\n')) {
    const regex = FORMAT_REGEX_LINE.exec(line);
    if (regex !== null) {
      lines.push(`${regex[1]}${hold(regex[2]!)}${regex[3]}`);
      continue;
    }
    // Runs of code, each followed by a whole JSON string; the first run without one must end the line
    // (what stops it short is a quote of another kind, or a string left open: not Ajv's code).
    let out = '';
    CODE_OR_STRING.lastIndex = 0;
    for (;;) {
      const [, code, literal] = CODE_OR_STRING.exec(line)!; // it matches everywhere, if only ''
      out += code;
      if (literal === undefined) break;
      out += hold(literal);
    }
    if (CODE_OR_STRING.lastIndex < line.length) return undefined;
    lines.push(out);
  }
  return { skeleton: lines.join('\n'), literals };
}

/** The code with its literals put back. */
export function unmaskLiterals(skeleton: string, literals: readonly string[]): string {
  return skeleton.replace(PLACEHOLDER, (_match, index: string) => literals[Number(index)]!);
}
