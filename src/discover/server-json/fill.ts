import { CodegenError } from '../../shared/errors.js';
import { quote, visible } from '../../shared/hidden-text.js';
import type { Environment } from '../../shared/host.js';
import { envNameOf, fillInput, fillTemplate, type Filled, type Slot } from './inputs.js';
import type { KeyValueInput, RegistryArgument } from './types.js';

/** What filling one entry of a server.json gathers besides the values themselves. */
export interface Fill {
  file: string;
  env: Environment;
  /** Values by the names a transport URL may use: valueHints, flags, environment variables. */
  known: Map<string, Filled>;
  /** Optional inputs nothing supplied, left out: `--port (set PORT)`. */
  omitted: string[];
}

/** Runtime or package arguments, in order: a named one is its flag and then its value. */
export function fillArguments(args: readonly RegistryArgument[], at: string, fill: Fill): Filled[] {
  const out: Filled[] = [];
  args.forEach((arg, i) => {
    const where = `${at}/${i}`;
    if (arg.type === 'positional') {
      const label = arg.valueHint ?? `#${i}`;
      const values = fillInput(
        arg,
        slot(fill, where, `the argument <${visible(label)}>`, envNameOf(label)),
        fill.env,
        arg.isRepeated,
      );
      if (values === undefined) return omit(fill, `<${visible(label)}>`, envNameOf(label));
      if (arg.valueHint !== undefined) fill.known.set(arg.valueHint, values[0]!);
      out.push(...values);
      return;
    }
    const name = arg.name!;
    const flag: Filled = { value: name, shown: name };
    if (!takesValue(arg)) {
      out.push(flag);
      return;
    }
    const values = fillInput(
      arg,
      slot(fill, where, `the argument ${visible(name)}`, envNameOf(name)),
      fill.env,
      arg.isRepeated,
    );
    if (values === undefined) return omit(fill, visible(name), envNameOf(name));
    fill.known.set(name, values[0]!);
    fill.known.set(name.replace(/^-+/, ''), values[0]!);
    for (const value of values) out.push(flag, value);
  });
  return out;
}

/**
 * A named argument with nothing about a value (`{ "type": "named", "name": "--stdio" }`) is a
 * switch; with a value, a default, a hint, choices, a format or variables it takes one.
 */
function takesValue(arg: RegistryArgument): boolean {
  return (
    arg.value !== undefined ||
    arg.default !== undefined ||
    arg.valueHint !== undefined ||
    arg.choices !== undefined ||
    arg.format !== undefined ||
    arg.variables !== undefined ||
    arg.isRequired === true ||
    arg.description !== undefined
  );
}

/** What tells an environment variable from a header: the names each takes, and where its value comes from. */
const KEY_VALUES = {
  environment: {
    name: /^[A-Za-z_][A-Za-z0-9_]*$/,
    invalid:
      'is not an environment variable name: letters, digits and underscores, not starting with a digit',
    what: (name: string) => `the environment variable ${name}`,
    left: (name: string) => name,
    envVar: (name: string) => name,
  },
  header: {
    name: /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
    invalid: 'is not an HTTP header name',
    what: (name: string) => `the header ${quote(name)}`,
    left: (name: string) => `header ${name}`,
    envVar: envNameOf,
  },
} as const;

/**
 * Environment variables for the process (each from the environment by its exact name) or request
 * headers (by their name in upper snake case): the file's value, the environment's, or the default.
 */
export function fillKeyValues(
  kind: keyof typeof KEY_VALUES,
  entries: readonly KeyValueInput[],
  at: string,
  fill: Fill,
): Record<string, Filled> {
  const rule = KEY_VALUES[kind];
  const out: Record<string, Filled> = {};
  entries.forEach((entry, i) => {
    const where = `${at}/${i}`;
    if (!rule.name.test(entry.name))
      throw new CodegenError(`${fill.file} at ${where}/name: ${quote(entry.name)} ${rule.invalid}`);
    const envVar = rule.envVar(entry.name);
    const values = fillInput(entry, slot(fill, where, rule.what(entry.name), envVar), fill.env);
    if (values === undefined) return omit(fill, rule.left(entry.name), envVar);
    out[entry.name] = values[0]!;
    // A transport URL may name a variable of the package's environment.
    if (kind === 'environment') fill.known.set(entry.name, values[0]!);
  });
  return out;
}

/** A transport URL with its `{names}` filled; every name must resolve, and the result be http(s). */
export function fillUrl(
  template: string,
  variables: Parameters<typeof fillTemplate>[1],
  at: string,
  fill: Fill,
): Filled {
  const where = slot(fill, at, 'the url', 'URL');
  const url = fillTemplate(template, variables, where, fill.env, true, fill.known)!;
  const left = /\{([^{}]+)\}/.exec(url.value);
  if (left)
    throw new CodegenError(
      `${fill.file} at ${at}: the url ${quote(template)} names {${visible(left[1]!)}}, which is no argument, environment variable or declared variable`,
      {
        hint: 'declare it in "variables" (a remote), or as an argument valueHint or environment variable (a package)',
      },
    );
  let parsed: URL;
  try {
    parsed = new URL(url.value);
  } catch {
    throw new CodegenError(`${fill.file} at ${at}: the url ${quote(url.shown)} is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new CodegenError(
      `${fill.file} at ${at}: the url must be http: or https:, got ${quote(parsed.protocol)}`,
    );
  return url;
}

function slot(fill: Fill, at: string, what: string, envVar: string): Slot {
  return { file: fill.file, at, what, envVar };
}

function omit(fill: Fill, what: string, envVar: string): void {
  fill.omitted.push(`${what} (set ${envVar} to pass it)`);
}
