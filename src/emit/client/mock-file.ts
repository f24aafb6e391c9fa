import type { ClientModel, MockModel, ToolModel } from '../../model/types.js';
import { compareStrings } from '../../shared/compare.js';
import type { JsonValue } from '../../snapshot/types.js';
import { importText } from '../print/imports.js';
import { jsLiteralLines } from '../print/json-literal.js';
import { jsDoc } from '../print/print.js';
import { docs, lineText, str } from '../print/text.js';
import { inputParameterType } from './tool-function.js';

/**
 * `mock.ts` (config `mock`, issue 34): typed handlers for the client's tools and an in-process
 * `McpClientLike` over them, for users' unit tests. The logic is `mcp-codegen/mock`'s
 * (`createMockClient`: the strict input check, then handler, generated data, `mock_no_answer`, exactly as
 * `mcp-codegen mock` answers); this file only types it and embeds the tools it answers for.
 *
 * The schemas are embedded here as data (name, method, inputSchema and the effective outputSchema,
 * by `json-literal.ts`), a second copy beside validators.ts. Issue 33's one copy is a rule for the
 * production output, and mock.ts is never in it: it is opt-in, index.ts does not re-export it, and
 * it imports a devDependency. Reading validators.ts instead would tie the mock to `validateInput`
 * (input schemas are there only with it) and to its validator objects, which hold no schema to
 * hand on. Written as it is (not formatted), like validators.ts: prettier overflows on deep schemas.
 */
export function mockSource(model: ClientModel, header: string): string {
  const file = model.files.mock;
  const mock = model.mock;
  if (file === undefined || mock === undefined) return '';
  const imports = (model.modules[file] ?? []).map((i) => wrapped(importText(i))).join('\n');
  const name = lineText(model.serverName);
  const coded = `${mock.errorType}<Code | "$uncoded" | "$unknown">`;
  const statements = [
    imports,
    `${jsDoc(
      docs(
        `Typed handlers for the ${name} client's tools, for tests: \`${mock.define}\` types them by the client's method names, and\n\`${mock.create}\` answers the generated functions and \`${model.className}\` in process (no server, no transport),\nas \`mcp-codegen mock\` answers: the arguments checked strictly against the tool's inputSchema first (an \`invalid_arguments\`\nerror, and no handler runs), then the handler, else data generated for the tool's output schema, else the error \`mock_no_answer\`.`,
        `Test-only: index.ts does not re-export this file, and it imports \`mcp-codegen/mock\` (a devDependency). The tools'\nschemas are embedded below as data, a copy beside validators.ts that production code never loads.`,
      ),
    )}declare const ${mock.brand}: unique symbol;`,
    `/**\n * What \`${mock.error}\` returns, branded by its code: the mock sends it in the form the tool declares the code in (an\n * error envelope of its output schema, else an \`isError\` \`{ code, message, retryable }\` payload), which the client reads\n * as that code. \`$uncoded\` and \`$unknown\` come from \`${mock.error}.uncoded\` and \`${mock.error}.unknown\`.\n */\nexport interface ${mock.errorType}<Code extends string> {\n  readonly [${mock.brand}]: Code;\n}`,
    `/** A raw \`tools/call\` result, sent as it is (a coded error only through \`${mock.error}\`, with one of the tool's codes). */\nexport type ${mock.rawType} = CallToolResult & { readonly [${mock.brand}]?: never };`,
    `/**\n * What a handler returns or resolves to: the tool's output, a coded error of one of its codes (or an uncoded or unknown\n * one, which any tool may answer), or a raw result.\n */\nexport type ${mock.answerType}<Output, Code extends string> =\n  | Output\n  | ${coded}\n  | ${mock.rawType}\n  | Promise<Output | ${coded} | ${mock.rawType}>;`,
    `/** An error envelope's fields but the key that carries its code, each optional: the mock fills the required ones left out. */\nexport type ${mock.fieldsType}<Envelope, Key extends string> = Envelope extends unknown\n  ? { [Field in keyof Envelope as Field extends Key ? never : Field]?: Envelope[Field] }\n  : never;`,
    detailsInterface(model, mock),
    handlersType(model, mock),
    errorFunction(model, mock),
    `/** The handlers, typed: \`export default ${mock.define}({ ... })\` is also a module for \`mcp-codegen mock --handlers\`. */\nexport function ${mock.define}(handlers: ${mock.handlersType}): ${mock.handlersType} {\n  return handlers;\n}`,
    `/**\n * An in-process client the generated functions and \`${model.className}\` accept: each call is answered by its handler, or\n * by data generated for the tool's output schema (deterministic for \`options.seed\`, default 1).\n */\nexport function ${mock.create}(\n  handlers: ${mock.handlersType} = {},\n  options?: ${mock.namespace}.MockClientOptions,\n): McpClientLike {\n  return ${mock.namespace}.createMockClient(${mock.tools}, handlers, options);\n}`,
    `const ${mock.tools}: readonly ${mock.namespace}.MockToolDefinition[] = ${jsLiteralLines(toolList(model) as JsonValue)};`,
  ];
  return `${header}\n${statements.join('\n\n')}\n`;
}

function handlersType(model: ClientModel, mock: MockModel): string {
  const members = model.tools.map((t) => {
    const doc = jsDoc(docs(`Answers the tool ${str(t.tool.name)}.`), '  ');
    const signature = `(\n    input: ${inputParameterType(t)},\n    context: ${mock.namespace}.MockCallContext,\n  ) => ${mock.answerType}<${outputOf(t)}, ${t.errorCodeEnum ?? 'never'}>`;
    return `${doc}  readonly ${t.method}?: ${signature};`;
  });
  // No tools: no key at all (`{}` would take any object without a word).
  const body = members.length
    ? `{\n${members.join('\n')}\n}`
    : '{ readonly [method: string]: never }';
  return `/** The handlers, keyed by the client's method names; a tool without one gets data generated for its output schema. */\nexport type ${mock.handlersType} = ${body};`;
}

// Any branch the tool's output schema allows (its documented payload, alternatives, error envelopes); none without one.
const outputOf = (t: ToolModel) =>
  [...new Set(t.branches.map((b) => b.typeName))].join(' | ') || 'never';

// Every code the tools declare, sorted: what `mockError` takes, and what `mockError.unknown` refuses.
function declaredCodes(model: ClientModel): string {
  const codes = [...new Set(model.tools.flatMap((t) => t.errorCodes.map((c) => c.code)))].sort();
  return codes.map(str).join(' | ') || 'never';
}

// Per code, its details: the fields of each envelope a tool's output schema declares it in (all of
// them, so that one call suits every tool that declares it), else an `isError` payload's.
function detailsInterface(model: ClientModel, mock: MockModel): string {
  const envelopes = new Map<string, Set<string>>();
  for (const t of model.tools)
    for (const c of t.errorCodes) {
      const forms = envelopes.get(c.code) ?? new Set<string>();
      envelopes.set(c.code, forms);
      if (c.detailsType === undefined || c.source.kind === 'config') continue;
      const key = c.source.kind === 'property-value' ? str(c.source.property) : 'never';
      forms.add(`${mock.fieldsType}<${c.detailsType}, ${key}>`);
    }
  const members = [...envelopes]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(
      ([code, forms]) =>
        `  readonly ${str(code)}: ${forms.size ? [...forms].join(' & ') : `${mock.namespace}.MockIsErrorDetails`};`,
    );
  const doc = `/**\n * What \`${mock.error}\` takes beside each code: the fields of the error envelope a tool's output schema declares it in,\n * else those of an \`isError\` payload (\`message\`, \`retryable\` and any other).\n */`;
  return members.length
    ? `${doc}\nexport interface ${mock.detailsType} {\n${members.join('\n')}\n}`
    : `${doc}\nexport type ${mock.detailsType} = Record<never, never>;`;
}

function errorFunction(model: ClientModel, mock: MockModel): string {
  const union = declaredCodes(model);
  const doc = jsDoc(
    docs(
      `Coded errors for a handler to return. \`${mock.error}(code, details?)\`: one of the codes the tools declare (a handler accepts\nonly its own tool's), sent in the form the tool declares it in; the client reads it as \`{ ok: false, error: { code, ... } }\`.\n\`${mock.error}.uncoded(message)\` and \`${mock.error}.unknown(code, message?)\` answer the errors no tool declares (\`$uncoded\`,\nand \`$unknown\` with \`code\` as its \`serverCode\`), from any tool.`,
    ),
  );
  const members = [
    `  /** One of the tools' codes, with the fields of its envelope or \`isError\` payload. */\n  <Code extends ${union}>(\n    code: Code,\n    details?: ${mock.detailsType}[Code],\n  ): ${mock.errorType}<Code>;`,
    `  /** An error without a code: the client's \`$uncoded\`, \`message\` its message. */\n  uncoded(message: string): ${mock.errorType}<"$uncoded">;`,
    `  /** An error with a code no tool declares (a token): the client's \`$unknown\`, \`code\` its \`serverCode\`. */\n  unknown<Code extends string>(\n    code: Code extends ${union} ? never : Code,\n    message?: string,\n  ): ${mock.errorType}<"$unknown">;`,
  ];
  // The package's function, typed: it sends each code in the form the called tool declares it in.
  return `${doc}export const ${mock.error}: {\n${members.join('\n')}\n} = ${mock.namespace}.mockError as never;`;
}

/** The embedded tools: wire name, method, the input schema as listed, and the output schema data is generated for. */
function toolList(model: ClientModel): unknown[] {
  return model.tools.map((t) => ({
    name: t.tool.name,
    method: t.method,
    inputSchema: t.tool.inputSchema,
    ...(t.tool.outputSchema ? { outputSchema: t.tool.outputSchema } : {}),
  }));
}

/** A long import one name a line, as prettier lays it out (the file is not formatted). */
function wrapped(line: string): string {
  const parts = /^(.*?\{ )(.*)( \}.*)$/.exec(line);
  if (line.length <= 100 || !parts) return line;
  const names = parts[2]!.split(', ').map((n) => `  ${n},`);
  return `${parts[1]!.trimEnd()}\n${names.join('\n')}\n${parts[3]!.trimStart()}`;
}
