/**
 * The variables of an RFC 6570 URI template, as MCP resource templates use them. Query-style
 * expansions (`{?q}`, `{&page}`) are optional; every other expansion is required.
 */
export function templateVariables(
  template: string,
): Array<{ name: string; required: boolean; explode: boolean }> {
  const seen = new Map<string, { name: string; required: boolean; explode: boolean }>();
  for (const match of template.matchAll(/\{([+#./;?&]?)([^{}]*)\}/g)) {
    const operator = match[1] ?? '';
    for (const spec of (match[2] ?? '').split(',')) {
      const name = spec.trim().replace(/\*$/, '').replace(/:\d+$/, '');
      if (!name) continue;
      const explode = spec.trim().endsWith('*');
      const required = operator !== '?' && operator !== '&';
      const prior = seen.get(name);
      seen.set(name, {
        name,
        required: required || (prior?.required ?? false),
        explode: explode || (prior?.explode ?? false),
      });
    }
  }
  return [...seen.values()];
}
