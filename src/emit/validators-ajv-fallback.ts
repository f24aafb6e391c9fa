/**
 * Stand-in for src/emit/validators.ts (precompiled Ajv standalone validators, written on another
 * branch) until it is merged: the same interface, but the emitted module compiles each schema with
 * Ajv at run time, on first use, as the runtime used to. It therefore imports `ajv` and
 * `ajv-formats` and needs code generation at run time; the precompiled module needs neither.
 */
import type { JsonObject } from '../snapshot/types.js';

export interface ValidatorEntry {
  name: string;
  schema: JsonObject;
}

export interface ValidatorModule {
  source: string;
  warnings: string[];
}

const HELPERS = `import { Ajv } from 'ajv';
import type { AnySchema, ErrorObject, Options as AjvOptions, ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import type { ValidationIssue } from './runtime.js';

type Check = (value: unknown) => readonly ValidationIssue[];
type Dialect = 'draft-07' | '2019-09' | '2020-12';
const addFormats = ((addFormatsImport as unknown as { default?: FormatsPlugin }).default ?? addFormatsImport) as unknown as FormatsPlugin;
const OPTIONS: AjvOptions = { strict: false, allErrors: true, logger: false, validateSchema: false, addUsedSchema: false };
const compilers = new Map<Dialect, (schema: AnySchema) => ValidateFunction>();

function compiler(dialect: Dialect): (schema: AnySchema) => ValidateFunction {
  let compile = compilers.get(dialect);
  if (compile === undefined) {
    const ajv = dialect === '2020-12' ? new Ajv2020(OPTIONS) : dialect === '2019-09' ? new Ajv2019(OPTIONS) : new Ajv(OPTIONS);
    addFormats(ajv);
    compile = (schema) => ajv.compile(schema);
    compilers.set(dialect, compile);
  }
  return compile;
}

function dialectOf(schema: { [key: string]: unknown }): Dialect {
  const uri = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (/draft-0[3-7]\\b/.test(uri)) return 'draft-07';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

function toIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((e) => {
    const params = e.params as { missingProperty?: unknown; additionalProperty?: unknown; unevaluatedProperty?: unknown };
    const property = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
    const pointer = typeof property === 'string' ? \`\${e.instancePath}/\${property.replace(/~/g, '~0').replace(/\\//g, '~1')}\` : e.instancePath;
    return { pointer, message: e.message ?? \`failed "\${e.keyword}"\`, keyword: e.keyword };
  });
}

function lazy(json: string): Check {
  let check: Check | undefined;
  return (value) => {
    if (check === undefined) {
      const schema = JSON.parse(json) as { [key: string]: unknown };
      try {
        const validate = compiler(dialectOf(schema))(schema as AnySchema);
        check = (v) => (validate(v) ? [] : toIssues(validate.errors));
      } catch (error) {
        const issue = { pointer: '', message: \`the schema could not be compiled: \${error instanceof Error ? error.message : String(error)}\`, keyword: '$compile' };
        check = () => [issue];
      }
    }
    return check(value);
  };
}
`;

export function emitValidatorModule(entries: ValidatorEntry[]): ValidatorModule {
  if (entries.length === 0) return { source: "export {};\n", warnings: [] };
  const exports = entries.map((e) => `export const ${e.name}: Check = lazy(${JSON.stringify(JSON.stringify(e.schema))});`);
  return { source: `${HELPERS}\n${exports.join('\n')}\n`, warnings: [] };
}
