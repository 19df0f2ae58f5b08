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
  // counts (the engagement tests switch it on), must not answer with a model a developer
  // downloaded in place of the test's dead Ollama, and need not warm up (the warm-up tests do).
  env: { NADINE_HTTP__ENABLED: 'false', NADINE_ENGAGEMENT__ENABLED: 'false', NADINE_LLM__EMBEDDED__ENABLED: 'false', NADINE_DIALOGUE__WARM_UP: 'false' },
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
          // One worker: a second one imports the whole module graph again, and on this 2-core
          // machine, shared with other work, the two only took each other's CPU.
          maxWorkers: 1,
          // First, so a broken unit fails the run in about a minute.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Only these files spawn the daemon and scripts: the build is theirs, and so is the
          // ChromaDB server the files share (test/helpers/chroma.ts chromaCollections).
          globalSetup: ['test/global-build.ts', 'test/global-chroma.ts'],
          // One file at a time. Two at once (each file's servers, brokers and daemons take free
          // ports and temp folders of their own, so they can) were slower here: a file's time is
          // mostly CPU (daemon starts, model loads, ChromaDB), and on 2 cores beside other work two
          // files doubled each other's times (inbound-mosquitto and affect-mqtt: 29 s one after the
          // other, 37 s side by side; the whole suite's integration files summed 763 s, against
          // 345 s one at a time). The limits below only catch a hang, so that a loaded machine
          // (or more workers on a bigger one) fails no test that would pass.
          maxWorkers: 1,
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
