import { CodegenError } from '../../shared/errors.js';
import { quote, visible } from '../../shared/hidden-text.js';
import type { Environment } from '../../shared/host.js';
import type { RegistryInput } from './types.js';

/** A value as it is used, and as it may be shown: a secret's characters never reach `shown`. */
export interface Filled {
  value: string;
  shown: string;
}

const REDACTED = '***';

/** Where one input sits and what supplies it when the file leaves it open. */
export interface Slot {
  /** The file and the input's JSON pointer in it. */
  file: string;
  at: string;
  /** A noun phrase for messages: `the header "X-API-Key"`. */
  what: string;
  /** The environment variable its value is read from. */
  envVar: string;
}

/**
 * The environment variable a value the file leaves open is read from: its name (a header, a
 * flag without its dashes, a positional's valueHint, a `{variable}`) in upper snake case, so
 * `X-API-Key` is `X_API_KEY`, `--port` is `PORT` and `{tenant_id}` is `TENANT_ID`.
 */
export function envNameOf(label: string): string {
  const name = label
    .replace(/^-+/, '')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .toUpperCase();
  return /^[0-9]/.test(name) || name === '' ? `_${name}` : name;
}

/** The environment's value; an empty one counts as unset, as an unset secret is empty in CI. */
function fromEnvironment(env: Environment, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === '' ? undefined : value;
}

/**
 * An input's values: the file's fixed `value` with its `{variables}` filled, else the
 * environment's (a JSON array of strings gives a repeated input several), else its `default`.
 * Undefined when it is optional and nothing supplies it (it is left out); a required one is an
 * error naming the variable to set (exit 2).
 */
export function fillInput(
  input: RegistryInput,
  slot: Slot,
  env: Environment,
  repeated = false,
): Filled[] | undefined {
  const secret = input.isSecret === true;
  if (input.value !== undefined) {
    const filled = fillTemplate(input.value, input.variables ?? {}, slot, env, input.isRequired);
    if (filled === undefined) return undefined;
    return [secret ? { value: filled.value, shown: REDACTED } : filled];
  }
  const given = fromEnvironment(env, slot.envVar);
  const values =
    given !== undefined
      ? splitRepeated(given, repeated)
      : input.default !== undefined
        ? [input.default]
        : [];
  if (values.length === 0) {
    if (input.isRequired) throw missing(slot, input, repeated);
    return undefined;
  }
  for (const value of values) check(value, input, slot);
  return values.map((value) => ({ value, shown: secret ? REDACTED : value }));
}

/**
 * `{name}` replaced by the variable's value, where `variables` declares it; other braces stay as
 * written (the schema says so). Undefined when an optional variable has no value: the input it
 * belongs to is then left out whole, never sent half-filled.
 */
export function fillTemplate(
  template: string,
  variables: Readonly<Record<string, RegistryInput>>,
  slot: Slot,
  env: Environment,
  required = false,
  known: ReadonlyMap<string, Filled> = new Map(),
): Filled | undefined {
  let value = '';
  let shown = '';
  let last = 0;
  for (const match of template.matchAll(/\{([^{}]+)\}/g)) {
    const name = match[1]!;
    const declared = Object.hasOwn(variables, name) ? variables[name] : undefined;
    const part = declared ? fillVariable(name, declared, slot, env, required) : known.get(name);
    if (part === null) return undefined;
    const literal = template.slice(last, match.index);
    value += literal + (part ? part.value : match[0]);
    shown += literal + (part ? part.shown : match[0]);
    last = match.index + match[0].length;
  }
  return { value: value + template.slice(last), shown: shown + template.slice(last) };
}

/** One `{variable}`: its own value, the environment's, or its default; null when optional and unset. */
function fillVariable(
  name: string,
  variable: RegistryInput,
  parent: Slot,
  env: Environment,
  parentRequired: boolean,
): Filled | null {
  const slot: Slot = {
    file: parent.file,
    at: `${parent.at}/variables/${name}`,
    what: `{${name}} in ${parent.what}`,
    envVar: envNameOf(name),
  };
  const value = variable.value ?? fromEnvironment(env, slot.envVar) ?? variable.default;
  if (value === undefined) {
    if (variable.isRequired || parentRequired) throw missing(slot, variable);
    return null;
  }
  check(value, variable, slot);
  return { value, shown: variable.isSecret ? REDACTED : value };
}

function splitRepeated(value: string, repeated: boolean): string[] {
  if (!repeated || !value.trimStart().startsWith('[')) return [value];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) return parsed;
  } catch {
    // Not a JSON array after all: one value that starts with a bracket.
  }
  return [value];
}

/** `choices` and `format` as the schema defines them; a secret's value is never quoted back. */
function check(value: string, input: RegistryInput, slot: Slot): void {
  const got = input.isSecret ? 'a value' : quote(value);
  if (input.choices?.length && !input.choices.includes(value))
    throw invalidValue(
      slot,
      `must be one of ${input.choices.map((c) => quote(c)).join(', ')}, got ${got}`,
    );
  if (input.format === 'number' && !/^-?\d+(\.\d+)?$/.test(value))
    throw invalidValue(slot, `must be a decimal number (format "number"), got ${got}`);
  if (input.format === 'boolean' && value !== 'true' && value !== 'false')
    throw invalidValue(slot, `must be "true" or "false" (format "boolean"), got ${got}`);
}

function invalidValue(slot: Slot, problem: string): CodegenError {
  return new CodegenError(`${slot.file} at ${visible(slot.at)}: ${slot.what} ${problem}`, {
    hint: `set the environment variable ${slot.envVar} to a value it accepts`,
  });
}

function missing(slot: Slot, input: RegistryInput, repeated = false): CodegenError {
  const self = slot.what === `the environment variable ${slot.envVar}`;
  const problem = self
    ? `${slot.what} is required (isRequired) and not set`
    : `${slot.what} is required and has no value: set the environment variable ${slot.envVar}`;
  const about = input.description ? ` (${quote(input.description, 120)})` : '';
  const example = input.isSecret
    ? `in a workflow, from a secret: env: { ${slot.envVar}: \${{ secrets.${slot.envVar} }} }`
    : repeated
      ? `e.g. export ${slot.envVar}=... (several: a JSON array of strings, ${slot.envVar}='["a","b"]')`
      : `e.g. export ${slot.envVar}=...`;
  return new CodegenError(`${slot.file} at ${visible(slot.at)}: ${problem}`, {
    hint: `set ${slot.envVar}${about}; ${example}`,
  });
}
