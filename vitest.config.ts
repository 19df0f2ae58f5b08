import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * What both projects share. Written out into each project rather than inherited (`extends`):
 * an inherited `globalSetup` ran once more per project, so a whole run built the repository three
 * times and prepared three run folders of which only the last was used.
 */
const shared: TestProjectInlineConfiguration['test'] = {
  // onnxruntime's native addon and child processes are happiest in forked workers.
  pool: 'forks',
  // Daemons that tests spawn (src/main.ts) must not all take port 8080 (tests that look at the
  // HTTP server switch it on with a free port), must not greet unasked among the turns a test
  // counts (the engagement tests switch it on), and must not answer with a model a developer
  // downloaded in place of the test's dead Ollama.
  env: { NADINE_HTTP__ENABLED: 'false', NADINE_ENGAGEMENT__ENABLED: 'false', NADINE_LLM__EMBEDDED__ENABLED: 'false' },
  // The files of a project share their worker and its module cache (each file used to spend most
  // of its time importing modules). A file must then leave no state behind: mocks and stubs are
  // undone here, and the setup file fails a file that leaves fake timers on, changes the
  // environment or adds process listeners.
  isolate: false,
  restoreMocks: true,
  unstubEnvs: true,
  unstubGlobals: true,
  setupFiles: ['test/helpers/no-leftovers.ts'],
};

export default defineConfig({
  test: {
    // Once per run, whichever projects run: the run's temp folder, the intent model's freshness, the stand-in models.
    globalSetup: ['test/global-setup.ts'],
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Pure computation: one worker per core.
          maxWorkers: 2,
          // First, so a broken unit fails the run in about half a minute.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Only these files spawn the daemon and scripts: the build is theirs.
          globalSetup: ['test/global-build.ts'],
          // Two files at once: most of a file's time is waiting on the daemons, ChromaDB servers,
          // mosquittos and Chromium it starts (each on its own free port and temp folder), so two
          // files fill each other's waits. Their start-ups then compete for the 2 cores: tests wait
          // on events and conditions, and the limits below only catch a test that hangs.
          maxWorkers: 2,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits on a condition; its default of 1 s is a wall-clock limit under load.
          expect: { poll: { timeout: 30_000 } },
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
