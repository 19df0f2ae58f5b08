import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          // Unit files spend most of their time importing modules: one worker that keeps its
          // module cache from file to file saves most of it. A file must then leave no state
          // behind: mocks and stubs are undone here, and the setup file fails a file that leaves
          // fake timers on, changes the environment or adds process listeners.
          isolate: false,
          maxWorkers: 1,
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
          setupFiles: ['test/helpers/unit-isolation.ts'],
          // First, so a broken unit fails the run in about a minute.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Integration files mostly wait on processes they spawn (daemons, ChromaDB, mosquitto,
          // Chromium), each on its own free port and temp folder: two at a time fill the wait.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
