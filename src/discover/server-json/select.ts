import type { ServerJsonChoice } from '../../config/types.js';
import { CodegenError } from '../../shared/errors.js';
import { quote, visible } from '../../shared/hidden-text.js';
import { isRunnable, type RunnableType } from './command.js';
import type { RegistryPackage, RegistryRemote, ServerJson } from './types.js';

export type Entry =
  | { kind: 'package'; index: number; pkg: RegistryPackage & { registryType: RunnableType } }
  | { kind: 'remote'; index: number; remote: RegistryRemote };

/**
 * The entry to run. Asked for a registry type: its first package, one reached over stdio first;
 * asked for `remote`: the first remote. Otherwise the first package reached over stdio, then the
 * first remote, then the first package reached over HTTP. Packages of a registry type this version
 * does not run (nuget, mcpb) are passed over, and said to be.
 */
export function selectEntry(sj: ServerJson, choice: ServerJsonChoice | undefined): Entry {
  const packages = sj.packages.map((pkg, index) => ({ pkg, index }));
  const runnable = packages.filter(
    (p): p is { pkg: RegistryPackage & { registryType: RunnableType }; index: number } =>
      isRunnable(p.pkg.registryType),
  );
  const stdioFirst = (list: typeof runnable) => [
    ...list.filter((p) => p.pkg.transport.type === 'stdio'),
    ...list.filter((p) => p.pkg.transport.type !== 'stdio'),
  ];
  const remote = sj.remotes[0] && ({ kind: 'remote', index: 0, remote: sj.remotes[0] } as const);
  if (choice === 'remote') {
    if (remote) return remote;
    throw nothing(sj, 'has no remotes[]');
  }
  const pick = (list: typeof runnable) =>
    list[0] && ({ kind: 'package', index: list[0].index, pkg: list[0].pkg } as const);
  if (choice !== undefined) {
    const found = pick(stdioFirst(runnable.filter((p) => p.pkg.registryType === choice)));
    if (found) return found;
    throw nothing(sj, `has no ${choice} package`);
  }
  const chosen =
    pick(runnable.filter((p) => p.pkg.transport.type === 'stdio')) ?? remote ?? pick(runnable);
  if (chosen) return chosen;
  throw nothing(sj, 'has no package this version can run and no remote');
}

/** What the file offers, for a message: `packages[0] npm (stdio), packages[1] nuget (stdio), remotes[0] (sse)`. */
function offered(sj: ServerJson): string {
  const packages = sj.packages.map(
    (p, i) => `packages[${i}] ${visible(p.registryType)} (${p.transport.type})`,
  );
  const remotes = sj.remotes.map((r, i) => `remotes[${i}] (${r.type})`);
  return [...packages, ...remotes].join(', ') || 'nothing';
}

/** Packages passed over because this version does not run their registry type. */
export function unrunnable(sj: ServerJson): string[] {
  return sj.packages.flatMap((p, i) =>
    isRunnable(p.registryType)
      ? []
      : [
          `packages[${i}] is a ${quote(p.registryType)} package, which mcp-codegen does not run (npm, pypi and oci it does)`,
        ],
  );
}

function nothing(sj: ServerJson, problem: string): CodegenError {
  return new CodegenError(`${sj.file}: ${visible(sj.name)} ${problem}; it offers ${offered(sj)}`, {
    hint: "choose one it has with package: 'npm' | 'pypi' | 'oci' | 'remote' (mcp-codegen snapshot --package), or leave it out for the first stdio package, then the first remote",
  });
}
