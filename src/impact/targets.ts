import { join } from 'node:path';
import { ts } from 'ts-morph';
import { ADAPTERS } from '../emit/agents/adapters.js';
import { buildClientModel } from '../model/build.js';
import type { Snapshot } from '../snapshot/types.js';
import type { ClientLocation } from './locate.js';
import type { Target } from './scan.js';

/** The generated declarations of every tool, found by the names the generator's own planner gave them. */
export interface Targets {
  targets: Map<ts.Symbol, Target>;
  classSymbol: ts.Symbol | undefined;
  names: Map<string, string>;
  /** Tools whose function or method is not in the client: it was generated from another snapshot. */
  missing: string[];
}

/** The base snapshot's names, planned exactly as `generate` planned them, looked up in one program. */
export function findTargets(
  snapshot: Snapshot,
  client: ClientLocation,
  program: ts.Program,
): Targets {
  // Every adapter's fixed names are reserved whether its switch is on or not: the names are the client's.
  const model = buildClientModel(
    snapshot,
    { name: client.serverName, layout: client.layout },
    ADAPTERS,
  );
  const checker = program.getTypeChecker();
  const targets = new Map<ts.Symbol, Target>();
  const names = new Map<string, string>();
  const missing: string[] = [];
  const clientFile = program.getSourceFile(join(client.dir, model.files.client));
  const classNode = clientFile?.statements.find(
    (s): s is ts.ClassDeclaration => ts.isClassDeclaration(s) && s.name?.text === model.className,
  );
  const classSymbol = classNode?.name && checker.getSymbolAtLocation(classNode.name);
  for (const tool of model.tools) {
    names.set(tool.functionName, tool.tool.name).set(tool.method, tool.tool.name);
    const fn = program
      .getSourceFile(join(client.dir, tool.file))
      ?.statements.find(
        (s): s is ts.FunctionDeclaration =>
          ts.isFunctionDeclaration(s) && s.name?.text === tool.functionName,
      );
    const method = classNode?.members.find(
      (m): m is ts.MethodDeclaration =>
        ts.isMethodDeclaration(m) && ts.isIdentifier(m.name) && m.name.text === tool.method,
    );
    const fnSymbol = fn?.name && checker.getSymbolAtLocation(fn.name);
    const methodSymbol = method && checker.getSymbolAtLocation(method.name);
    if (fnSymbol) targets.set(fnSymbol, { tool: tool.tool.name, via: 'function' });
    if (methodSymbol) targets.set(methodSymbol, { tool: tool.tool.name, via: 'method' });
    if (!fnSymbol || !methodSymbol) missing.push(tool.tool.name);
  }
  return { targets, classSymbol, names, missing };
}
