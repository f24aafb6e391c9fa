import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { quote, visible } from '../../shared/hidden-text.js';
import { RUNNERS, type RunnableType } from './command.js';
import type { RegistryPackage } from './types.js';

/**
 * Where the command line derived from a package may not be what its author meant, said before it
 * runs: the identifier passed again as an argument (modelcontextprotocol/registry#650), a PyPI
 * script not named like its package, an npm package with several bins and none named like it
 * (when it is installed where we can read it), a runtimeHint we do not follow, no version.
 */
export function ambiguities(
  pkg: RegistryPackage & { registryType: RunnableType },
  at: string,
  cwd: string,
): string[] {
  const runner = RUNNERS[pkg.registryType];
  const warnings: string[] = [];
  for (const key of ['runtimeArguments', 'packageArguments'] as const) {
    pkg[key].forEach((arg, i) => {
      if (arg.type !== 'positional' || arg.value === undefined) return;
      if (!namesPackage(arg.value, pkg.identifier)) return;
      const pypi =
        pkg.registryType === 'pypi'
          ? `; if it names the script to run (a PyPI package whose script is named otherwise), uvx needs \`uvx --from ${pkg.identifier} <script>\`, which server.json cannot express: use a { stdio } source with that command line`
          : '; if the server does not expect it, it should not be in server.json';
      warnings.push(
        `${at}/${key}/${i} passes ${quote(arg.value)}, the package's own name, as an argument: ${runner} already runs the package, so the server receives it as its first argument (the identifier-as-argument pitfall, modelcontextprotocol/registry#650)${pypi}`,
      );
    });
  }
  if (
    pkg.registryType === 'pypi' &&
    pkg.runtimeArguments.some((a) => /^--from(=|$)/.test(a.name ?? ''))
  )
    warnings.push(
      `${at}/runtimeArguments give uvx --from: uvx then takes what follows it, ${quote(`${pkg.identifier}==…`)}, as the command to run`,
    );
  if (pkg.registryType === 'npm' && NPM_NAME.test(pkg.identifier)) {
    const bins = installedBins(pkg.identifier, cwd);
    const own = unscoped(pkg.identifier);
    if (bins && bins.length > 1 && !bins.includes(own))
      warnings.push(
        `${pkg.identifier} has ${bins.length} bins (${bins.map((b) => visible(b)).join(', ')}) and none is named ${own}: npx cannot tell which to run; use a { stdio } source naming one, e.g. npx -y --package=${pkg.identifier} ${visible(bins[0]!)}`,
      );
  }
  if (pkg.runtimeHint !== undefined && pkg.runtimeHint !== runner)
    warnings.push(
      `${at}/runtimeHint is ${quote(pkg.runtimeHint)}: ${pkg.registryType} packages run with ${runner} here`,
    );
  if (pkg.version === undefined && pkg.registryType !== 'oci')
    warnings.push(
      `${at} has no version: ${runner} runs whichever version is the latest when discovery runs`,
    );
  return warnings;
}

const NPM_NAME = /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/i;

/** Whether an argument looks like the package's own name: equal, or one is the other with a segment more. */
function namesPackage(value: string, identifier: string): boolean {
  const a = normalized(value);
  const b = normalized(identifier);
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.includes('-') && (long.startsWith(`${short}-`) || long.endsWith(`-${short}`));
}

function normalized(name: string): string {
  return unscoped(name)
    .replace(/(==|@).*$/, '')
    .toLowerCase()
    .replace(/[_.]/g, '-');
}

function unscoped(name: string): string {
  return name.startsWith('@') ? name.slice(name.indexOf('/') + 1) : name;
}

/** The bins of an npm package installed in a node_modules above `cwd`, when there is one to read. */
function installedBins(identifier: string, cwd: string): string[] | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(
        readFileSync(join(dir, 'node_modules', identifier, 'package.json'), 'utf8'),
      ) as { bin?: unknown };
      if (typeof manifest.bin === 'string') return [unscoped(identifier)];
      if (manifest.bin && typeof manifest.bin === 'object') return Object.keys(manifest.bin).sort();
      return [];
    } catch {
      // Not installed here (or unreadable): look further up.
    }
    if (dirname(dir) === dir) return undefined;
  }
}
