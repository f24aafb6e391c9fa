import { pointerToken } from '../shared/pointer.js';
import { CODE_PROPERTIES, alternatives, isCodeToken } from '../schema/error-codes.js';
import { derefSchema } from '../schema/refs.js';
import { isObject } from '../shared/json.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { type LintContext, toolEntity, toolSubject } from './context.js';
import { quote } from './text.js';

/**
 * Argument names that decide who the caller is or what it may do. Compared without case, `_` or `-`:
 * `tenantId`, `tenant_id` and `TENANT-ID` are one name.
 */
const AUTHORIZATION = new Set([
  'role',
  'roles',
  'userrole',
  'tenant',
  'tenantid',
  'isadmin',
  'admin',
  'asadmin',
  'issuperuser',
  'superuser',
  'isroot',
  'permission',
  'permissions',
  'privilege',
  'privileges',
  'accesslevel',
  'authlevel',
  'scopes',
  'sudo',
  'impersonate',
  'impersonateuser',
  'actas',
  'asuser',
  'onbehalfof',
  'isowner',
  'isauthorized',
  'authorized',
  'bypassauth',
  'skipauth',
]);

/** Contracts rules: closed inputs, no authorisation from arguments, typed outputs, coded errors. */
export function checkContracts(ctx: LintContext): void {
  for (const tool of ctx.snapshot.tools) {
    const entity = toolEntity(tool.name);
    const subject = toolSubject(tool.name);
    const input = tool.inputSchema;
    if (!closed(input)) {
      ctx.out.add(
        'input-additional-properties-allowed',
        entity,
        '/inputSchema',
        '',
        `${subject}: the input schema accepts undeclared properties; add "additionalProperties": false so a misspelt argument is rejected rather than ignored`,
      );
    }
    const properties = isObject(input.properties) ? input.properties : {};
    for (const key of Object.keys(properties)) {
      if (!AUTHORIZATION.has(key.toLowerCase().replace(/[_-]/g, ''))) continue;
      ctx.out.add(
        'input-authorization-argument',
        entity,
        `/inputSchema/properties/${pointerToken(key)}`,
        key,
        `${subject}: input property ${quote(key, 60)} looks like authorisation; take the caller's identity and rights from the session, never from arguments the model fills in`,
      );
    }
    if (!tool.outputSchema) {
      ctx.out.add(
        'output-schema-missing',
        entity,
        '/outputSchema',
        '',
        ctx.sampled.has(tool.name)
          ? `${subject}: no outputSchema; its result type is inferred from samples; ask the server to declare it`
          : `${subject}: no outputSchema; declare the result's shape so clients get typed, validated results`,
      );
      continue;
    }
    for (const { pointer, field, prose } of uncodedErrorFields(tool.outputSchema)) {
      ctx.out.add(
        'error-branch-uncoded',
        entity,
        pointer,
        field,
        prose === undefined
          ? `${subject}: output field ${quote(field, 60)} is free text; give error codes a "const" or "enum" so clients can branch on them (and carry { code, message, retryable })`
          : `${subject}: output field ${quote(field, 60)} lists ${quote(prose, 60)}, a sentence, not a code; a code is a token (letters, digits, _ . : $ -; at most 64 characters): put sentences in "message"`,
      );
    }
  }
}

/** `additionalProperties: false` (or `unevaluatedProperties: false`) at the root, after a root `$ref`. */
function closed(schema: JsonObject): boolean {
  const resolved = derefSchema(schema, schema);
  const node = isObject(resolved) ? { ...resolved, ...schema } : schema;
  return node.additionalProperties === false || node.unevaluatedProperties === false;
}

type Uncoded = { pointer: string; field: string; prose?: string };

/**
 * Error fields that hold no code: in each branch of the output (the payload and every `anyOf`/`oneOf`
 * alternative), a code key (`CODE_PROPERTIES`, the runtime's list) that is a string without
 * `const`/`enum` or whose fixed values include a sentence (`prose`), or an `error` object whose
 * `code` is one.
 */
function uncodedErrorFields(schema: JsonObject): Uncoded[] {
  const found: Uncoded[] = [];
  const list = alternatives(schema);
  const composed = list[0] !== schema;
  const keyword = Array.isArray(schema.anyOf) ? 'anyOf' : 'oneOf';
  const branches: Array<{ node: JsonValue; pointer: string }> = composed
    ? list.map((node, i) => ({ node, pointer: `/outputSchema/${keyword}/${i}` }))
    : [];
  branches.unshift({ node: schema, pointer: '/outputSchema' });
  for (const branch of branches) {
    const resolved = derefSchema(schema, branch.node);
    if (!isObject(resolved) || !isObject(resolved.properties)) continue;
    for (const field of CODE_PROPERTIES) {
      const raw = resolved.properties[field];
      // A bare `code` is an error code only next to a `message` or an `error` (elsewhere it may be source code).
      if (
        raw === undefined ||
        (field === 'code' && !('message' in resolved.properties || 'error' in resolved.properties))
      )
        continue;
      const property = derefSchema(schema, raw);
      const at = `${branch.pointer}/properties/${field}`;
      const prose = sentenceOf(property);
      if (freeText(property) || prose !== undefined)
        found.push({ pointer: at, field, ...(prose !== undefined && { prose }) });
      else if (field === 'error' && isObject(property) && isObject(property.properties)) {
        const code = derefSchema(schema, property.properties.code ?? null);
        const nested = sentenceOf(code);
        if (freeText(code) || nested !== undefined)
          found.push({
            pointer: `${at}/properties/code`,
            field: 'error.code',
            ...(nested !== undefined && { prose: nested }),
          });
      }
    }
  }
  return found;
}

/** A string schema with no fixed values: any text at all. */
function freeText(schema: JsonValue | undefined): boolean {
  if (!isObject(schema) || schema.const !== undefined || schema.enum !== undefined) return false;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('string') && !types.includes('object');
}

/** The first fixed value of a field that is a string but not a code token (a sentence), if any. */
function sentenceOf(schema: JsonValue | undefined): string | undefined {
  if (!isObject(schema)) return undefined;
  const fixed = [
    ...(schema.const !== undefined ? [schema.const] : []),
    ...(Array.isArray(schema.enum) ? schema.enum : []),
  ];
  return fixed.find((v): v is string => typeof v === 'string' && !isCodeToken(v));
}
