// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime: RFC 6570 URI template expansion for resource templates, levels 1 to 3 plus
 * list explosion (`{/path*}`), the subset MCP servers use. Written here so the runtime needs no SDK.
 */

export type UriTemplateValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

interface Operator {
  first: string;
  separator: string;
  named: boolean;
  ifEmpty: string;
  allowReserved: boolean;
}

// RFC 6570 appendix A, for the operators implemented here.
const OPERATORS: { readonly [op: string]: Operator } = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', allowReserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', allowReserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
};

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const RESERVED = /^[:/?#[\]@!$&'()*+,;=]$/;
const PCT_TRIPLET = /^%[0-9A-Fa-f]{2}$/;

/**
 * Percent-encodes everything outside the unreserved set, so in `{var}` a `/`, `?` or `#` cannot
 * change the URI's structure; `{+var}` and `{#var}` keep reserved characters and existing `%XX`
 * triplets, as RFC 6570 says. Lone surrogates become U+FFFD rather than throwing.
 */
function encode(value: string, allowReserved: boolean): string {
  let out = '';
  const chars = Array.from(value);
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (UNRESERVED.test(ch) || (allowReserved && RESERVED.test(ch))) out += ch;
    else if (allowReserved && ch === '%' && PCT_TRIPLET.test(`%${chars[i + 1] ?? ''}${chars[i + 2] ?? ''}`)) out += ch;
    else out += utf8(ch);
  }
  return out;
}

function utf8(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (code < 0x80) return `%${code.toString(16).toUpperCase().padStart(2, '0')}`;
  try {
    return encodeURIComponent(ch);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate
  }
}

function expandExpression(template: string, expression: string, variables: { readonly [name: string]: UriTemplateValue }): string {
  const opChar = /^[+#./;?&=,!@|]/.test(expression) ? expression[0]! : '';
  const op = Object.hasOwn(OPERATORS, opChar) ? OPERATORS[opChar] : undefined;
  if (op === undefined) throw new Error(`URI template ${template}: operator "${opChar}" is not supported`);
  const parts: string[] = [];
  for (const spec of expression.slice(opChar.length).split(',')) {
    const trimmed = spec.trim();
    if (/:\d/.test(trimmed)) throw new Error(`URI template ${template}: prefix modifiers ({var:n}) are not supported`);
    const explode = trimmed.endsWith('*');
    const name = explode ? trimmed.slice(0, -1) : trimmed;
    if (name === '') continue;
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined) continue;
    if (typeof value !== 'object') {
      const text = encode(String(value), op.allowReserved);
      parts.push(op.named ? (text === '' ? `${name}${op.ifEmpty}` : `${name}=${text}`) : text);
      continue;
    }
    const items = value.map((item) => encode(String(item), op.allowReserved));
    if (items.length === 0) continue;
    if (!explode) parts.push(op.named ? `${name}=${items.join(',')}` : items.join(','));
    else parts.push(items.map((item) => (op.named ? `${name}=${item}` : item)).join(op.separator));
  }
  return parts.length === 0 ? '' : op.first + parts.join(op.separator);
}

/**
 * Expands an RFC 6570 template. Operators `;`, `=`, `,`, `!`, `@`, `|` and prefix modifiers
 * (`{var:3}`) are refused rather than expanded wrongly.
 */
export function expandUriTemplate<V extends { [K in keyof V]: UriTemplateValue }>(template: string, variables: V): string {
  const vars = variables as { readonly [name: string]: UriTemplateValue };
  return template.replace(/\{([^{}]*)\}/g, (_whole, expression: string) => expandExpression(template, expression, vars));
}
