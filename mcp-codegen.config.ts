import { defineConfig } from 'mcp-codegen';

// The bundled example: `npx mcp-codegen generate` starts the weather server in fixtures/ over stdio,
// discovers it, writes its snapshot and generates its typed client into examples/weather/.
// The repo imports its own package by name, as your project will (npm run build makes dist/).
export default defineConfig({
  servers: [
    {
      name: 'weather',
      source: { stdio: 'node --import tsx fixtures/servers/example.ts' },
      snapshot: 'examples/weather/weather.snapshot.json',
      out: 'examples/weather/client',
      validateInput: true,
      // The catalog guard: `guardClient`, the client's `guard` option and the codes `$changed` and
      // `$unavailable` in every tool's error union (the README's guard section uses it).
      guard: true,
      // Standard Schema objects and `toolSchemas` for agent frameworks, and the code-mode declaration.
      agents: { standardSchema: true, codeMode: true },
      // mock.ts: `defineWeatherMock` and `createWeatherMock`, typed handlers for tests (the README's mock section).
      mock: true,
      // Its reference in Markdown, written and checked with the client (the README's Docs section).
      docs: { out: 'examples/weather/weather.md' },
      // Codes `set_alert` returns in isError results, which its schema cannot declare.
      errors: {
        tools: {
          set_alert: {
            unknown_city: 'The city id is not one list_cities returns.',
            alert_limit_reached: 'The city already has 3 alerts.',
          },
        },
      },
    },
  ],
});
