import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import UnitFirst from './test/sequencer.js';

const NO_LEFTOVERS = 'test/helpers/no-leftovers.ts';

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
  setupFiles: [NO_LEFTOVERS],
};

export default defineConfig({
  test: {
    // Once per run, whichever projects run: the run's temp folder, the intent model's freshness, the stand-in models.
    globalSetup: ['test/global-setup.ts'],
    // The unit files first (so a broken unit fails the run in about a minute), then the integration
    // files, in one queue for the two workers (the projects' shared sequence group, below).
    sequence: { sequencer: UnitFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two workers: the second imports the module graph again, but vitest transforms each
          // module once for both, and the unit run cost the same CPU with one worker or two (83 s
          // and 85 s under a load of 12), so one worker left the second core idle for a minute.
          // (Projects of one sequence group must have the same maxWorkers: the integration's.)
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...shared,
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          // Only these files spawn the daemon and scripts: the build is theirs, and so is the
          // ChromaDB server the files share (test/helpers/chroma.ts chromaCollections).
          // Neither is waited for there: both start beside the unit files, and each integration
          // file waits until they are ready (test/helpers/integration-ready.ts).
          globalSetup: ['test/global-build.ts', 'test/global-chroma.ts'],
          setupFiles: [NO_LEFTOVERS, 'test/helpers/integration-ready.ts'],
          // Two files at once. A file's own work mostly runs on one core at a time (the worker,
          // or a daemon it spawned), so one file at a time left the second core mostly idle; on a
          // machine shared with other work, two workers also get their share of it. Every server,
          // broker and daemon a file starts takes a free port and a temp folder of its own, and the
          // limits below only catch a hang, so a slowed file fails no test that would pass.
          maxWorkers: 2,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits on a condition; its default of 1 s is a wall-clock limit under load.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
