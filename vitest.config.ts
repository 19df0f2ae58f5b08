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
          setupFiles: ['test/helpers/no-leftovers.ts'],
          // First, so a broken unit fails the run in about a minute.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // One at a time: each file spawns daemons, ChromaDB, mosquitto or Chromium (each on its
          // own free port and temp folder, so two could run together), but on a 2-core machine two
          // files' start-ups compete for the CPU and slow daemon starts ran into the 30 s test
          // limits under load. Stable first. Like the unit files, they share the worker's module
          // cache (each file used to spend about 2 s importing), under the same no-leftovers check.
          maxWorkers: 1,
          isolate: false,
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
          setupFiles: ['test/helpers/no-leftovers.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
