import { InputError } from '../../shared/errors.js';
import { quote, visible } from '../../shared/hidden-text.js';
import type { Filled } from './inputs.js';
import { fillArguments, fillKeyValues, type Fill } from './fill.js';
import type { RegistryPackage } from './types.js';

/** The registry types this version runs, and the command each runs a package with. */
export const RUNNERS = { npm: 'npx', pypi: 'uvx', oci: 'docker' } as const;
/** A container that talks over stdin and stdout, removed when it exits. */
const OCI_RUN = 'docker run -i --rm'.split(' ').slice(1);
export type RunnableType = keyof typeof RUNNERS;

export function isRunnable(registryType: string): registryType is RunnableType {
  return Object.hasOwn(RUNNERS, registryType);
}

/** A process to start: the command, its arguments, and the variables set over the inherited environment. */
export interface PackageCommand {
  command: string;
  args: Filled[];
  env: Record<string, Filled>;
  /** What was run, with the version in force: the provenance's `package`. */
  spec: string;
}

/**
 * The command line a package runs with, as VS Code's MCP management service derives it (the
 * reference resolver): npm → `npx -y <identifier>@<version>`, pypi → `uvx <identifier>==<version>`,
 * oci → `docker run -i --rm <image>`. Runtime arguments go to the runner, before the package;
 * package arguments after it. A container sees only the variables passed to it, so for oci each
 * variable with a value is passed by name (`-e NAME`, the value from docker's environment, never
 * on the command line).
 */
export function packageCommand(
  pkg: RegistryPackage & { registryType: RunnableType },
  at: string,
  version: string | undefined,
  fill: Fill,
): PackageCommand {
  const runtime = fillArguments(pkg.runtimeArguments, `${at}/runtimeArguments`, fill);
  const env = fillKeyValues(
    'environment',
    pkg.environmentVariables,
    `${at}/environmentVariables`,
    fill,
  );
  const spec = packageSpec(pkg, version);
  const packaged = fillArguments(pkg.packageArguments, `${at}/packageArguments`, fill);
  const literal = (value: string): Filled => ({ value, shown: value });
  const head =
    pkg.registryType === 'npm'
      ? [literal('-y'), ...runtime]
      : pkg.registryType === 'pypi'
        ? runtime
        : [
            ...OCI_RUN.map(literal),
            ...runtime,
            ...Object.keys(env).flatMap((name) => [literal('-e'), literal(name)]),
          ];
  return {
    command: RUNNERS[pkg.registryType],
    args: [...head, literal(spec), ...packaged],
    env,
    spec,
  };
}

/** `<identifier>@<version>`, `<identifier>==<version>`, or an image whose tag is the version. */
function packageSpec(pkg: RegistryPackage, override: string | undefined): string {
  const version = override ?? pkg.version;
  if (version === undefined) return pkg.identifier;
  if (pkg.registryType === 'npm') return `${pkg.identifier}@${version}`;
  if (pkg.registryType === 'pypi') return `${pkg.identifier}==${version}`;
  const { repository, tagged } = imageParts(pkg.identifier);
  // An image reference carries its own tag since schema 2025-10-11; `version` is the older way.
  if (override === undefined && tagged) return pkg.identifier;
  return `${repository}:${version}`;
}

/** An image reference without its tag and digest, and whether it had either. */
function imageParts(image: string): { repository: string; tagged: boolean } {
  const digest = image.indexOf('@');
  const named = digest === -1 ? image : image.slice(0, digest);
  const slash = named.lastIndexOf('/');
  const colon = named.lastIndexOf(':');
  const repository = colon > slash ? named.slice(0, colon) : named;
  return { repository, tagged: digest !== -1 || colon > slash };
}

/**
 * What each registry accepts as a name, and a version that is one word: the identifier and the
 * version go on the runner's command line, where `--call=…` (npx) or `--privileged` (docker)
 * would be an option, not a package.
 */
const IDENTIFIERS: Record<RunnableType, RegExp> = {
  npm: /^(@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/i,
  pypi: /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/,
  oci: /^[A-Za-z0-9][A-Za-z0-9._\/:@-]*$/,
};
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+~-]*$/;

export function checkPackageNames(
  pkg: RegistryPackage & { registryType: RunnableType },
  at: string,
  override: string | undefined,
  file: string,
): void {
  if (!IDENTIFIERS[pkg.registryType].test(pkg.identifier))
    throw new InputError(
      file,
      `${at}/identifier`,
      `${quote(pkg.identifier)} is not a valid ${pkg.registryType} ${pkg.registryType === 'oci' ? 'image reference' : 'package name'}`,
    );
  if (pkg.version !== undefined && !VERSION.test(pkg.version))
    throw new InputError(file, `${at}/version`, `${quote(pkg.version)} is not a version`);
  if (override !== undefined && !VERSION.test(override))
    throw new InputError(
      file,
      '',
      `the version to run, ${visible(JSON.stringify(override))}, is not a version`,
      'source.version (mcp-codegen snapshot --package-version) is one version, e.g. 1.2.3',
    );
}
