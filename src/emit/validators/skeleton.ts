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
    let out = '';
    let i = 0;
    while (i < line.length) {
      const c = line[i]!;
      if (c === "'" || c === '`') return undefined;
      if (c !== '"') {
        out += c;
        i++;
        continue;
      }
      let end = i + 1;
      while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
      if (end >= line.length) return undefined; // an unterminated string: not Ajv's JSON
      out += hold(line.slice(i, end + 1));
      i = end + 1;
    }
    lines.push(out);
  }
  return { skeleton: lines.join('\n'), literals };
}

/** The code with its literals put back. */
export function unmaskLiterals(skeleton: string, literals: readonly string[]): string {
  return skeleton.replace(PLACEHOLDER, (_match, index: string) => literals[Number(index)]!);
}
