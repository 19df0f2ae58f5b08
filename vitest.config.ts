import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // onnxruntime's native addon and child processes are happiest in forked workers.
    pool: 'forks',
    testTimeout: 30_000,
    // Daemons that tests spawn (src/main.ts) must not all take port 8080 (tests that look at the
    // HTTP server switch it on with a free port), must not greet unasked among the turns a test
    // counts (the engagement tests switch it on), and must not answer with a model a developer
    // downloaded in place of the test's dead Ollama.
    env: { NADINE_HTTP__ENABLED: 'false', NADINE_ENGAGEMENT__ENABLED: 'false', NADINE_LLM__EMBEDDED__ENABLED: 'false' },
    hookTimeout: 60_000,
  },
});
