/**
 * npm run bench [-- --turns N] [--only intent,turn,speech,critical,inprocess,affect,people,embeddings,recall,clip,knowledge,observe] [--json FILE] [--clip-full] [--profiles desktop-gpu,jetson-orin,cpu] [--think-tokens N] [--visits N]
 *
 * Latency of the parts that make the robot feel fast, on this machine. Targets from the issues
 * are checked against p95 and printed; a miss makes the exit code 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import writeFileAtomic from 'write-file-atomic';
import { loadConfig } from '../src/config/index.js';
import { benchClip } from './bench/clip.js';
import { benchAffect } from './bench/affect.js';
import { benchIntent } from './bench/intent.js';
import { benchPeople } from './bench/people.js';
import { benchSpeech } from './bench/speech.js';
import { benchCritical } from './bench/critical.js';
import { benchInProcess } from './bench/inprocess.js';
import { PROFILES } from './bench/profiles.js';
import { formatRow, type Measurement } from './bench/stats.js';
import { benchTurns } from './bench/turn.js';
import { benchEmbeddings } from './bench/embeddings.js';
import { benchRecall } from './bench/recall.js';
import { benchKnowledge } from './bench/knowledge.js';
import { benchObserve } from './bench/observe.js';

const REPO = path.resolve(import.meta.dirname, '..');

// Every data folder of a run (ChromaDB's alone are hundreds of MB), and the daemons it spawns,
// under one temp folder removed when the run ends.
const SCRATCH = mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-'));
process.env.TMPDIR = SCRATCH;
const removeScratch = () => {
  try {
    // Retries: on Ctrl-C the spawned daemons may still be closing their files.
    rmSync(SCRATCH, { recursive: true, force: true, maxRetries: 5 });
  } catch (err) {
    console.error(`bench: could not remove ${SCRATCH}: ${(err as Error).message}`);
  }
};
process.once('SIGINT', () => {
  removeScratch();
  process.exit(130);
});

const { values: args } = parseArgs({
  options: {
    turns: { type: 'string', default: '1000' },
    only: { type: 'string' },
    json: { type: 'string' },
    // Also measure CLIP at ViT-B/32's real shape (generates ~600 MB once)
    'clip-full': { type: 'boolean', default: false },
    // Hardware profiles of the critical-path section (default: all of them)
    profiles: { type: 'string' },
    // Critical path with a reasoning model: each reply thinks this many tokens before answering
    'think-tokens': { type: 'string', default: '0' },
    // Critical path: visits per profile (each kind's ratio over all of them)
    visits: { type: 'string', default: '1' },
  },
});

const sections: Record<string, () => Promise<Measurement[]>> = {
  intent: () =>
    benchIntent({
      modelsDir: path.join(REPO, 'models'),
      heldoutFiles: ['heldout.tsv', 'heldout-b.tsv'].map((f) => path.join(REPO, 'test/fixtures/intent', f)),
      threshold: loadConfig().config.dialogue.intentThreshold,
      turns: Math.max(1000, Number(args.turns)),
    }),
  clip: () => benchClip({ repo: REPO, modelsDir: path.join(REPO, 'models'), samples: Math.min(500, Number(args.turns)), fullSize: args['clip-full'] }),
  affect: async () => benchAffect({ unseenFile: path.join(REPO, 'test/fixtures/intent/unseen.tsv'), turns: Math.max(1000, Number(args.turns)) }),
  turn: () => benchTurns({ repo: REPO, turns: Number(args.turns), dataDir: mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-')) }),
  // User speech to the first speak message, with a streaming fake model.
  speech: () => benchSpeech({ repo: REPO, turns: Number(args.turns), dataDir: mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-')) }),
  // A visit against a model server that takes as long as real hardware would (docs/latency.md).
  critical: () =>
    benchCritical({
      repo: REPO,
      dataDir: (name) => mkdtempSync(path.join(os.tmpdir(), `nadine-bench-critical-${name}-`)),
      profiles: args.profiles ? PROFILES.filter((p) => args.profiles!.split(',').includes(p.name)) : PROFILES,
      thinkTokens: Number(args['think-tokens']),
      visits: Math.max(1, Number(args.visits) || 1),
    }),
  // The in-process GGUF backend's own overhead, on the tiny model of ../shared (skipped without it).
  inprocess: () => benchInProcess({ repo: REPO, dataDir: mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-inprocess-')) }),
  embeddings: () => benchEmbeddings({ repo: REPO, turns: Math.min(Number(args.turns), 500) }),
  recall: () =>
    benchRecall({ repo: REPO, turns: Math.min(Number(args.turns), 500), sizes: [1_000, 10_000], dataDir: mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-recall-')) }),
  people: () => benchPeople({ turns: Number(args.turns), dataDir: mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-')) }),
  // RAG retrieval on the shipped rag_files/.
  knowledge: () => benchKnowledge({ repo: REPO, turns: Math.min(Number(args.turns), 500), dataDir: mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-knowledge-')) }),
  // What the interaction log costs a turn, and the disk behind it.
  observe: () => benchObserve({ turns: Math.min(Number(args.turns), 1000), dataDir: mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-observe-')) }),
};

async function main(): Promise<number> {
  const chosen = args.only ? args.only.split(',') : Object.keys(sections);
  console.log(`nadine-brain bench: node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`);
  const results: Measurement[] = [];
  for (const name of chosen) {
    const section = sections[name];
    if (!section) throw new Error(`unknown section "${name}" (known: ${Object.keys(sections).join(', ')})`);
    const measured = await section();
    for (const m of measured) console.log(formatRow(m));
    results.push(...measured);
  }
  if (args.json) await writeFileAtomic(args.json, JSON.stringify({ node: process.version, cpus: os.cpus().length, results }, null, 2));
  const missed = results.filter((m) => m.targetP95 !== undefined && m.summary.p95 > m.targetP95);
  return missed.length ? 1 : 0;
}

main().then(
  (code) => {
    removeScratch();
    process.exit(code);
  },
  (err: Error) => {
    console.error(`bench: ${err.stack ?? err.message}`);
    removeScratch();
    process.exit(1);
  },
);
