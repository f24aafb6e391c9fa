/**
 * What a caller of discovery says about authentication, in a module without the SDK, so the
 * library's option types need nothing else.
 */

/** How to tell a user to log in: the command and the server's name in it. */
export interface LoginAdvice {
  /** `mcp-codegen login weather`, or what to run without a config. */
  login: string;
  /** How to give client credentials where the run happens (config, or `snapshot` flags). */
  clientCredentials: string;
  /** How to turn the browser login on for a server that turned out to need it. */
  useOAuth: string;
}

/** The advice for a server of the config. */
export function configAdvice(server: string): LoginAdvice {
  return {
    login: `mcp-codegen login ${server}`,
    clientCredentials:
      "configure auth: { clientCredentials: { clientId, clientSecret: '${MCP_CLIENT_SECRET}' } } in its url source",
    useOAuth: `add auth: { oauth: {} } to its url source and run \`mcp-codegen login ${server}\``,
  };
}

/** What a discovery's caller says about authentication (the CLI: whether a person is at a terminal). */
export interface DiscoverAuth {
  /** A login may be done now in the browser when none is stored (default false: exit 4 instead). */
  interactive?: boolean;
  /** How messages tell the user to log in (default: `mcp-codegen login <server>` and the config's keys). */
  advice?: LoginAdvice;
  /** Where the browser flow prints the URL to open (default: nowhere). */
  print?: (line: string) => void;
}
