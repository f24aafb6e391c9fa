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
// Sticky: each match starts where the last ended, so a line that is not code and JSON strings stops short of its end.
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
    // Runs of code, then a whole JSON string; a quote of another kind, or a string left open, is not Ajv's.
    let out = '';
    let i = 0;
    CODE_OR_STRING.lastIndex = 0;
    for (let match = CODE_OR_STRING.exec(line); match; match = CODE_OR_STRING.exec(line)) {
      out += match[1]!;
      if (match[2] !== undefined) out += hold(match[2]);
      i = CODE_OR_STRING.lastIndex;
      if (match[0] === '') break;
    }
    if (i < line.length) return undefined;
    lines.push(out);
  }
  return { skeleton: lines.join('\n'), literals };
}

/** The code with its literals put back. */
export function unmaskLiterals(skeleton: string, literals: readonly string[]): string {
  return skeleton.replace(PLACEHOLDER, (_match, index: string) => literals[Number(index)]!);
}
