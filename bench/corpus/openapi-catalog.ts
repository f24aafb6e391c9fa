/**
 * A benchmark corpus of real scale: every operation of a large public OpenAPI description (GitHub's
 * REST API, from the `@octokit/openapi` devDependency: 1,223 operations, 969 component schemas) as an
 * MCP tool, the way OpenAPI-to-MCP bridges publish them. Each tool's inputSchema takes the path and
 * query parameters plus the JSON request body as `body`; its outputSchema is the 200/201 JSON response
 * (wrapped as `{ result }` when not an object, as MCP requires an object). Both are self-contained:
 * the component schemas they reach are copied into their own `$defs`, refs rewritten to `#/$defs/…`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const require = createRequire(import.meta.url);

/** The OpenAPI description file the corpus is built from (also what openapi-typescript is timed on). */
export const GITHUB_OPENAPI: string =
  require.resolve('@octokit/openapi/generated/api.github.com.json');

const isObj = (v: Json | undefined): v is Obj =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function openapiCatalog(file = GITHUB_OPENAPI, limit = Infinity): { tools: Obj[] } {
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Obj;
  const components = isObj(spec.components) ? spec.components : {};
  const schemas = isObj(components.schemas) ? components.schemas : {};
  const deref = (node: Json | undefined): Json | undefined => {
    for (let hops = 0; isObj(node) && typeof node.$ref === 'string' && hops < 8; hops++) {
      const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(node.$ref) ?? [];
      const group = kind ? components[kind] : undefined;
      node = isObj(group) && name ? group[name] : undefined;
    }
    return node;
  };
  const tools: Obj[] = [];
  const names = new Set<string>();
  for (const [path, item] of Object.entries(isObj(spec.paths) ? spec.paths : {})) {
    if (!isObj(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op) || tools.length >= limit) continue;
      let name = String(op.operationId ?? `${method} ${path}`)
        .replace(/[^A-Za-z0-9_.-]+/g, '_')
        .slice(0, 128);
      while (names.has(name)) name += '_';
      names.add(name);
      const properties: Obj = {};
      const required: string[] = [];
      const params = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(op.parameters) ? op.parameters : []),
      ];
      for (const raw of params) {
        const p = deref(raw);
        if (!isObj(p) || typeof p.name !== 'string' || (p.in !== 'path' && p.in !== 'query'))
          continue;
        const schema = isObj(p.schema) ? { ...p.schema } : {};
        if (typeof p.description === 'string') schema.description = p.description;
        properties[p.name] = schema;
        if (p.required === true) required.push(p.name);
      }
      const body = deref(op.requestBody);
      const bodySchema =
        isObj(body) && isObj(body.content) && isObj(body.content['application/json'])
          ? body.content['application/json'].schema
          : undefined;
      if (bodySchema !== undefined) {
        properties.body = bodySchema;
        if (isObj(body) && body.required === true) required.push('body');
      }
      const inputSchema: Obj = {
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        additionalProperties: false,
      };
      const tool: Obj = {
        name,
        description: String(op.summary ?? op.description ?? name),
        inputSchema: selfContained(inputSchema, schemas),
      };
      const responses = isObj(op.responses) ? op.responses : {};
      const ok = deref(responses['200'] ?? responses['201']);
      const out =
        isObj(ok) && isObj(ok.content) && isObj(ok.content['application/json'])
          ? ok.content['application/json'].schema
          : undefined;
      if (isObj(out)) {
        const resolved = deref(out);
        const objectLike =
          isObj(resolved) && (resolved.type === 'object' || isObj(resolved.properties));
        const outputSchema: Obj = objectLike
          ? out
          : { type: 'object', properties: { result: out }, required: ['result'] };
        tool.outputSchema = selfContained(outputSchema, schemas);
      }
      if (method === 'get') tool.annotations = { readOnlyHint: true };
      tools.push(tool);
    }
  }
  return { tools };
}

/** Copy every component schema `root` reaches into `$defs`, with `#/components/schemas/X` → `#/$defs/X`. */
function selfContained(root: Obj, schemas: Obj): Obj {
  const defs: Obj = {};
  const queue: string[] = [];
  const rewrite = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isObj(node)) return node;
    const out: Obj = {};
    for (const [key, value] of Object.entries(node)) {
      if (
        key === '$ref' &&
        typeof value === 'string' &&
        value.startsWith('#/components/schemas/')
      ) {
        const name = value.slice('#/components/schemas/'.length);
        if (!(name in defs) && !queue.includes(name)) queue.push(name);
        out.$ref = `#/$defs/${name}`;
      } else {
        out[key] = rewrite(value);
      }
    }
    return out;
  };
  const result = rewrite(root) as Obj;
  while (queue.length) {
    const name = queue.shift()!;
    defs[name] = {}; // claimed before rewriting, so a cycle ends here
    defs[name] = rewrite(schemas[name] ?? {});
  }
  return Object.keys(defs).length ? { ...result, $defs: defs } : result;
}

/**
 * A cross-section of the description at `file` with about `operations` operations: every k-th
 * operation in document order, and of `components` only what those operations reach (following
 * `$ref`s through components), so a peer run on it does the work of that size and no more.
 */
export function openapiSlice(operations: number, file = GITHUB_OPENAPI): Obj {
  const spec = JSON.parse(readFileSync(file, 'utf8')) as Obj;
  const allPaths = isObj(spec.paths) ? spec.paths : {};
  const total = Object.values(allPaths).reduce<number>(
    (n, item) => n + (isObj(item) ? METHODS.filter((m) => isObj(item[m])).length : 0),
    0,
  );
  const stride = Math.max(1, Math.floor(total / operations));
  const paths: Obj = {};
  let index = 0;
  for (const [path, item] of Object.entries(allPaths)) {
    if (!isObj(item)) continue;
    const kept: Obj = {};
    for (const method of METHODS) {
      if (!isObj(item[method])) continue;
      if (index++ % stride === 0) kept[method] = item[method];
    }
    if (Object.keys(kept).length === 0) continue;
    if (item.parameters !== undefined) kept.parameters = item.parameters;
    paths[path] = kept;
  }
  const components = isObj(spec.components) ? spec.components : {};
  const reached: Record<string, Obj> = {};
  const queue: Json[] = [paths];
  while (queue.length) {
    const node = queue.pop()!;
    if (Array.isArray(node)) queue.push(...node);
    if (!isObj(node)) continue;
    for (const [key, value] of Object.entries(node)) {
      const [, kind, name] =
        key === '$ref' && typeof value === 'string'
          ? (/^#\/components\/([^/]+)\/(.+)$/.exec(value) ?? [])
          : [];
      if (kind && name) {
        const group = components[kind];
        const target = isObj(group) ? group[name] : undefined;
        if (target === undefined || reached[kind]?.[name] !== undefined) continue;
        (reached[kind] ??= {})[name] = target;
        queue.push(target);
      } else queue.push(value);
    }
  }
  // Webhooks (`webhooks`, GitHub's `x-webhooks`) are not operations: the slice leaves them out.
  const kept = Object.entries(spec).filter(([key]) => key !== 'webhooks' && !key.startsWith('x-'));
  return { ...Object.fromEntries(kept), paths, components: reached };
}
