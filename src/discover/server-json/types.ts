/**
 * The parts of a registry `server.json` (schema 2025-12-11, static.modelcontextprotocol.io) that say
 * how to run a server, as `read.ts` has checked them. Other keys (title, icons, repository, _meta)
 * are kept by the file and ignored here.
 */

/** `format`: how a value is written on a command line ("true"/"false", decimal numbers). */
export type InputFormat = 'string' | 'number' | 'boolean' | 'filepath';

/** An `Input`: a value fixed by the file (`value`, with `{variables}`), or one the user supplies. */
export interface RegistryInput {
  description?: string;
  isRequired?: boolean;
  isSecret?: boolean;
  format?: InputFormat;
  value?: string;
  default?: string;
  choices?: string[];
  /** What `{name}` in `value` stands for; each is an input of its own. */
  variables?: Record<string, RegistryInput>;
}

/** An environment variable or a header. */
export interface KeyValueInput extends RegistryInput {
  name: string;
}

/** A runtime or package argument: `positional` (a value) or `named` (`--flag [value]`). */
export interface RegistryArgument extends RegistryInput {
  type: 'positional' | 'named';
  /** A named argument's flag, dashes included. */
  name?: string;
  /** A positional argument's label, also its name in a transport URL's `{variables}`. */
  valueHint?: string;
  isRepeated?: boolean;
}

type TransportType = 'stdio' | 'streamable-http' | 'sse';

export interface RegistryTransport {
  type: TransportType;
  /** For streamable-http and sse: a URL template whose `{names}` are arguments or variables. */
  url?: string;
  headers?: KeyValueInput[];
}

export interface RegistryPackage {
  registryType: string;
  identifier: string;
  version?: string;
  runtimeHint?: string;
  transport: RegistryTransport;
  runtimeArguments: RegistryArgument[];
  packageArguments: RegistryArgument[];
  environmentVariables: KeyValueInput[];
}

export interface RegistryRemote {
  type: 'streamable-http' | 'sse';
  url: string;
  headers: KeyValueInput[];
  /** URL template variables (schema 2025-12-11). */
  variables: Record<string, RegistryInput>;
}

export interface ServerJson {
  /** The file it was read from, for messages. */
  file: string;
  name: string;
  version?: string;
  packages: RegistryPackage[];
  remotes: RegistryRemote[];
}

/** What a snapshot records of the server.json it came from: the snapshot's `provenance`. */
export interface ServerJsonProvenance {
  serverJson: {
    name: string;
    version?: string;
    /** The `packages[]` entry used: its registry type, identifier and the version run. */
    package?: { registryType: string; identifier: string; version?: string };
    /** The `remotes[]` entry used, its URL as written in server.json (no variable or secret filled in). */
    remote?: { type: string; url: string };
  };
}
