import { ts } from 'ts-morph';
import { pointerTokens } from '../diff/pointer.js';
import type { Finding } from '../diff/types.js';

/** Whether one site is reached by one finding: `unknown` where the code cannot tell. */
type Verdict = 'affected' | 'unaffected' | 'unknown';

export interface SiteVerdict {
  verdict: Verdict;
  evidence: string;
}

/** Input findings that bite a caller who passes the property. */
const PASSING_BREAKS = new Set([
  'tool-input-property-removed',
  'tool-input-type-narrowed',
  'tool-input-enum-value-removed',
  'tool-input-constraint-tightened',
  'tool-input-schema-changed',
]);
/** Input findings that bite a caller who leaves the property out. */
const OMITTING_BREAKS = new Set([
  'tool-input-required-property-added',
  'tool-input-property-became-required',
  'tool-input-default-changed',
]);

/** The input property path a finding is about (`/inputSchema/properties/a/properties/b` → a, b); empty for the input as a whole. */
function inputPropertyPath(finding: Pick<Finding, 'pointer'>): string[] {
  const tokens = pointerTokens(finding.pointer);
  if (tokens[0] !== 'inputSchema') return [];
  const path: string[] = [];
  for (let i = 1; i + 1 < tokens.length && tokens[i] === 'properties'; i += 2)
    path.push(tokens[i + 1]!);
  return path;
}

/** Whether the finding is decided by what a call passes: then a call's argument is evidence. */
function dependsOnArgument(finding: Pick<Finding, 'id' | 'pointer'>): boolean {
  return (
    (PASSING_BREAKS.has(finding.id) || OMITTING_BREAKS.has(finding.id)) &&
    inputPropertyPath(finding).length > 0
  );
}

/**
 * The verdict for one call: `args` are the call's arguments, `inputIndex` where the tool's input
 * goes (1 for `fn(client, input)`, 0 for `client.method(input)`).
 */
export function callVerdict(
  finding: Pick<Finding, 'id' | 'pointer'>,
  args: readonly ts.Expression[],
  inputIndex: number,
  callee: string,
): SiteVerdict {
  if (finding.id === 'tool-removed')
    return { verdict: 'affected', evidence: `calls ${callee}, whose tool was removed` };
  if (!dependsOnArgument(finding)) return { verdict: 'affected', evidence: `calls ${callee}` };
  const path = inputPropertyPath(finding);
  const name = JSON.stringify(path.join('.'));
  const breaksWhenPassed = PASSING_BREAKS.has(finding.id);
  if (args.slice(0, inputIndex + 1).some(ts.isSpreadElement))
    return unknown(`${callee} is called with a spread argument`);
  const arg = args[inputIndex];
  if (arg === undefined)
    return breaksWhenPassed
      ? { verdict: 'unaffected', evidence: `calls ${callee} without input` }
      : { verdict: 'affected', evidence: `calls ${callee} without input, so omits ${name}` };
  const found = lookup(arg, path);
  if (found === 'unknown')
    return unknown(`the input of ${callee} is not an object literal: ${excerpt(arg)}`);
  if (found === 'spread') return unknown(`a spread in the input of ${callee} may carry ${name}`);
  if (found === 'present')
    return breaksWhenPassed
      ? { verdict: 'affected', evidence: `passes ${name} to ${callee}` }
      : { verdict: 'unaffected', evidence: `passes ${name} to ${callee}` };
  return breaksWhenPassed
    ? { verdict: 'unaffected', evidence: `does not pass ${name} to ${callee}` }
    : { verdict: 'affected', evidence: `omits ${name} in the input of ${callee}` };
}

export function unknown(why: string): SiteVerdict {
  return { verdict: 'unknown', evidence: `cannot tell: ${why}` };
}

/** Follow `path` through nested object literals. */
function lookup(
  node: ts.Expression,
  path: readonly string[],
): 'present' | 'absent' | 'spread' | 'unknown' {
  let literal = unwrap(node);
  for (let i = 0; i < path.length; i++) {
    if (!ts.isObjectLiteralExpression(literal)) return 'unknown';
    const property = literal.properties.find((p) => propertyName(p) === path[i]);
    if (property === undefined)
      return literal.properties.some(ts.isSpreadAssignment) ? 'spread' : 'absent';
    if (i === path.length - 1) return 'present';
    if (!ts.isPropertyAssignment(property)) return 'unknown';
    literal = unwrap(property.initializer);
  }
  return 'present';
}

/** Parentheses and `satisfies` keep a literal a literal; `as` (e.g. `as any`) does not: the type was overridden. */
function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isSatisfiesExpression(current))
    current = current.expression;
  return current;
}

function propertyName(p: ts.ObjectLiteralElementLike): string | undefined {
  if (ts.isSpreadAssignment(p) || p.name === undefined) return undefined;
  const name = p.name;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)
    ? name.text
    : undefined;
}

/** A short one-line quote of the user's code for evidence. */
export function excerpt(node: ts.Node): string {
  const text = node.getText().replace(/\s+/g, ' ');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
