import { relative } from 'node:path';
import { ts } from 'ts-morph';
import { excerpt } from './evidence.js';

/** A generated function or client method, and the tool it calls. */
export interface Target {
  tool: string;
  via: 'function' | 'method';
}

/**
 * One reference in the user's code. `reference`: an import, re-export or destructuring of it;
 * `call`: a call, with its arguments; `value`: used as a value (passed, assigned), so calls
 * through it are not followed; `dynamic`: a reference that cannot be resolved to one tool (`tool`
 * undefined when it may be any of them).
 */
export interface RawSite {
  file: string;
  line: number;
  column: number;
  via: 'function' | 'method';
  tool?: string;
  kind: 'reference' | 'call' | 'value' | 'dynamic';
  /** What the code does there, e.g. `imports getForecast as forecast`. */
  what: string;
  args?: readonly ts.Expression[];
  inputIndex?: number;
}

export interface ScanInput {
  program: ts.Program;
  /** Root the site paths are relative to. */
  root: string;
  /** Whether a file belongs to the generated client (its own references are not the user's). */
  isGenerated: (fileName: string) => boolean;
  /** Declaration symbols of the generated functions and methods. */
  targets: Map<ts.Symbol, Target>;
  /** The generated client class, for `client[name]` on one of its instances. */
  classSymbol: ts.Symbol | undefined;
  /** Tool by function and method name: `client["name"]` and an `any`-typed receiver are matched by name. */
  names: Map<string, string>;
}

/** Every reference to the targets in the program's user files, and the files read. */
export function scanProgram(input: ScanInput): { sites: RawSite[]; files: string[] } {
  const { program, targets, names } = input;
  const checker = program.getTypeChecker();
  const files = program
    .getSourceFiles()
    .filter(
      (f) =>
        !f.isDeclarationFile &&
        !program.isSourceFileFromExternalLibrary(f) &&
        !f.fileName.includes('/node_modules/') &&
        !input.isGenerated(f.fileName),
    );
  const wanted = aliasNames(files, new Set(names.keys()));
  const locals = new Map<ts.Symbol, Target>();
  const sites: RawSite[] = [];

  for (const file of files) {
    const at = (node: ts.Node, site: Omit<RawSite, 'file' | 'line' | 'column'>) => {
      const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
      const path = relative(input.root, file.fileName).split('\\').join('/');
      sites.push({ file: path, line: line + 1, column: character + 1, ...site });
    };
    const targetOf = (symbol: ts.Symbol | undefined): Target | undefined => {
      if (symbol === undefined) return undefined;
      // Alias by alias: a chain through a barrel may end at a name the client no longer has.
      for (let s: ts.Symbol | undefined = symbol; s;) {
        const found = locals.get(s) ?? targets.get(s);
        if (found || !(s.flags & ts.SymbolFlags.Alias)) return found;
        s = checker.getImmediateAliasedSymbol(s);
      }
      return undefined;
    };
    /** Whether `node` is the generated client (an instance of its class, or one of its modules as a namespace). */
    const isClient = (node: ts.Expression): 'method' | 'function' | undefined => {
      if (input.classSymbol && checker.getTypeAtLocation(node).getSymbol() === input.classSymbol)
        return 'method';
      const symbol = checker.getSymbolAtLocation(node);
      const module =
        symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const declaration = module?.valueDeclaration;
      return declaration && ts.isSourceFile(declaration) && input.isGenerated(declaration.fileName)
        ? 'function'
        : undefined;
    };
    const visit = (node: ts.Node): void => {
      if (ts.isObjectBindingPattern(node)) destructuring(node);
      else if (ts.isElementAccessExpression(node)) elementAccess(node);
      else if (ts.isIdentifier(node) && wanted.has(node.text)) identifier(node);
      ts.forEachChild(node, visit);
    };

    const destructuring = (pattern: ts.ObjectBindingPattern) => {
      const type = checker.getTypeAtLocation(pattern);
      const source = ts.isVariableDeclaration(pattern.parent)
        ? pattern.parent.initializer
        : undefined;
      for (const element of pattern.elements) {
        const key = element.propertyName ?? element.name;
        if (element.dotDotDotToken || !ts.isIdentifier(key)) continue;
        const property = type.getProperty(key.text);
        const target =
          (property && targets.get(property)) ??
          // A client generated from the head no longer has the method: matched by its base name.
          (!property && names.has(key.text) && source && isClient(source)
            ? { tool: names.get(key.text)!, via: 'method' as const }
            : undefined);
        if (!target || !ts.isIdentifier(element.name)) continue;
        const local = checker.getSymbolAtLocation(element.name);
        if (local) locals.set(local, target);
        wanted.add(element.name.text);
        at(element, { ...target, kind: 'reference', what: `destructures ${key.text}` });
      }
    };

    const elementAccess = (node: ts.ElementAccessExpression) => {
      const type = checker.getTypeAtLocation(node.expression);
      if (input.classSymbol === undefined || type.getSymbol() !== input.classSymbol) return;
      const key = node.argumentExpression;
      if (ts.isStringLiteralLike(key)) {
        const tool = names.get(key.text);
        if (tool !== undefined) use(node, node, { tool, via: 'method' }, key.text);
        return;
      }
      // A key typed as a union of literals names its candidates; any other key may be any tool.
      const keyType = checker.getTypeAtLocation(key);
      const literals = (keyType.isUnion() ? keyType.types : [keyType]).map((t) =>
        t.isStringLiteral() ? t.value : undefined,
      );
      const candidates = literals.every((l) => l !== undefined)
        ? [...new Set(literals.flatMap((l) => names.get(l!) ?? []))]
        : [undefined];
      const what = `calls a client method by a computed name: ${excerpt(node)}`;
      for (const tool of candidates) at(node, { tool, via: 'method', kind: 'dynamic', what });
    };

    const identifier = (id: ts.Identifier) => {
      const parent = id.parent;
      if (ts.isBindingElement(parent)) return; // destructuring() decided it
      if ((ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) && parent.name !== id)
        return; // `a as b`: one site per specifier, at `b`
      let symbol = ts.isShorthandPropertyAssignment(parent)
        ? checker.getShorthandAssignmentValueSymbol(parent)
        : checker.getSymbolAtLocation(id);
      if (symbol === undefined && ts.isExportSpecifier(parent))
        symbol = checker.getExportSpecifierLocalTargetSymbol(parent);
      let target = targetOf(symbol);
      if (target === undefined && (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent))) {
        target = missingImport(parent);
        const local = checker.getSymbolAtLocation(id);
        if (target && local) locals.set(local, target);
      }
      if (target === undefined) return unresolved(id);
      if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) {
        const from = parent.propertyName ? `${parent.propertyName.getText(file)} as ` : '';
        const verb = ts.isImportSpecifier(parent) ? 'imports' : 're-exports';
        return at(parent, { ...target, kind: 'reference', what: `${verb} ${from}${id.text}` });
      }
      if (ts.isTypeQueryNode(parent) || ts.isQualifiedName(parent))
        return at(id, { ...target, kind: 'reference', what: `typeof ${id.text}` });
      const expression = ts.isPropertyAccessExpression(parent) && parent.name === id ? parent : id;
      use(expression, id, target, id.text);
    };

    /** A resolved reference: a call of it, or the function used as a value. */
    const use = (expression: ts.Expression, node: ts.Node, target: Target, name: string) => {
      const call = expression.parent;
      if (ts.isCallExpression(call) && call.expression === expression) {
        // `fn(client, input)` for a function, `client.method(input)` for a method (or its destructured binding).
        const inputIndex = target.via === 'function' ? 1 : 0;
        return at(node, {
          ...target,
          kind: 'call',
          what: `calls ${name}`,
          args: call.arguments,
          inputIndex,
        });
      }
      at(node, { ...target, kind: 'value', what: `uses ${name} as a value` });
    };

    /**
     * A name of the base client that does not resolve: `(x as any).getForecast(...)` cannot be
     * told; `client.legacySearch(...)` on a client generated from the head is that tool's call.
     */
    const unresolved = (id: ts.Identifier) => {
      const parent = id.parent;
      const tool = names.get(id.text);
      if (tool === undefined || !ts.isPropertyAccessExpression(parent) || parent.name !== id)
        return;
      const via = isClient(parent.expression);
      if (via !== undefined) return use(parent, id, { tool, via }, id.text);
      if (!(checker.getTypeAtLocation(parent.expression).flags & ts.TypeFlags.Any)) return;
      at(id, {
        tool,
        via: 'method',
        kind: 'dynamic',
        what: `${excerpt(parent.expression)} is typed any`,
      });
    };

    /** `import { legacySearch } from './client/index.js'` where the client no longer exports it. */
    const missingImport = (
      specifier: ts.ImportSpecifier | ts.ExportSpecifier,
    ): Target | undefined => {
      const declaration = ts.isImportSpecifier(specifier)
        ? specifier.parent.parent.parent
        : specifier.parent.parent;
      const from = declaration.moduleSpecifier;
      const tool = names.get((specifier.propertyName ?? specifier.name).getText(file));
      return tool !== undefined && from && isClient(from) ? { tool, via: 'function' } : undefined;
    };

    visit(file);
  }
  return { sites, files: files.map((f) => f.fileName) };
}

/**
 * The identifier texts worth asking the checker about: the generated names, and every name an
 * import, re-export or destructuring binds one of them to (followed across files to a fixed point).
 * Syntax only: the checker then sees a few identifiers instead of all of them.
 */
function aliasNames(files: readonly ts.SourceFile[], names: Set<string>): Set<string> {
  const wanted = new Set(names);
  const renames: Array<[from: string, to: string]> = [];
  const collect = (node: ts.Node): void => {
    if (
      (ts.isImportSpecifier(node) || ts.isExportSpecifier(node) || ts.isBindingElement(node)) &&
      node.propertyName &&
      ts.isIdentifier(node.propertyName) &&
      ts.isIdentifier(node.name)
    )
      renames.push([node.propertyName.text, node.name.text]);
    ts.forEachChild(node, collect);
  };
  files.forEach(collect);
  for (let grew = true; grew;) {
    grew = false;
    for (const [from, to] of renames)
      if (wanted.has(from) && !wanted.has(to)) grew = wanted.add(to) !== undefined;
  }
  return wanted;
}
