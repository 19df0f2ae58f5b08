import { silentLogger } from '../../src/log/index.js';
import { Health } from '../../src/health/index.js';
import { extractByRules, ProfileStore, resolveName } from '../../src/people/index.js';
import { summarize, type Measurement } from './stats.js';

const UTTERANCES = [
  "Hi, I'm Alicia and I work at Acme as an engineer",
  'My name is Bartholomew',
  'I live in Paris with my wife and I like hiking and jazz',
  "I'm tired",
  'Ich heiße Jürgen und wohne in Hamburg',
  "Je m'appelle Amélie et j'aime lire",
  '我叫李明，我在华为工作',
  'My hobbies are painting, cooking and rock climbing',
];

/** Deterministic pseudo-names: syllables, so that fuzzy matching has realistic near-misses. */
function names(count: number): { user_id: string; user_name: string }[] {
  const syllables = ['al', 'an', 'be', 'ca', 'da', 'el', 'fi', 'jo', 'ka', 'li', 'ma', 'ni', 'ol', 'pe', 'ra', 'sa', 'ti', 'vi', 'wa', 'zo'];
  let seed = 1;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, (_, i) => {
    const word = (n: number) => Array.from({ length: n }, () => syllables[Math.floor(next() * syllables.length)]).join('');
    const name = `${word(2 + Math.floor(next() * 2))} ${word(2 + Math.floor(next() * 2))}`.replace(/\b\w/g, (c) => c.toUpperCase());
    return { user_id: `u${i}`, user_name: name };
  });
}

function time(run: () => void, count: number): number[] {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    run();
    samples.push(performance.now() - started);
  }
  return samples;
}

/**
 * The people capability's per-turn costs: resolving a stated name against everyone known (fuse.js
 * candidates + Levenshtein ratio), the offline extractor (phrase rules + compromise tagging), and a
 * profile save — what the turn waits for (nothing: the write is queued) and what the disk takes.
 */
export async function benchPeople(options: { turns: number; dataDir: string }): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const size of [1_000, 10_000]) {
    const known = names(size);
    const queries = known.slice(0, 200).map((k, i) => (i % 2 ? k.user_name.slice(0, -1) : `${k.user_name}x`));
    let i = 0;
    time(() => resolveName(queries[i++ % queries.length]!, known, { high: 0.9, low: 0.6 }), 20);
    const samples = time(() => resolveName(queries[i++ % queries.length]!, known, { high: 0.9, low: 0.6 }), Math.min(options.turns, 300));
    results.push({ name: `name resolution among ${size.toLocaleString('en')} people`, unit: 'ms', summary: summarize(samples) });
  }
  let j = 0;
  time(() => extractByRules({ text: UTTERANCES[j++ % UTTERANCES.length]!, expectingName: false, language: 'en' }), 50);
  const extraction = time(() => extractByRules({ text: UTTERANCES[j++ % UTTERANCES.length]!, expectingName: false, language: 'en' }), options.turns);
  results.push({ name: 'profile extraction by rules, per utterance', unit: 'ms', summary: summarize(extraction) });

  const store = new ProfileStore({ dataDir: options.dataDir, log: silentLogger, health: new Health() });
  store.start();
  const queued: number[] = [];
  const written: number[] = [];
  for (let k = 0; k < Math.min(options.turns, 300); k++) {
    const started = performance.now();
    store.save({ user_id: `bench_${k % 20}`, user_name: `Bench ${k % 20}` }, { hobbies: [`hobby ${k}`] });
    queued.push(performance.now() - started);
    await store.flush();
    written.push(performance.now() - started);
  }
  results.push({ name: 'profile save as the turn sees it (queued)', unit: 'ms', summary: summarize(queued) });
  results.push({ name: 'profile write to disk (atomic, fsync, id map)', unit: 'ms', summary: summarize(written) });
  return results;
}
