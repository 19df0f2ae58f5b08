/**
 * Runs the whole visits of eval/visits/ on the daemon with no language model (each on a daemon
 * of its own, embedded defaults) and writes what was said to docs/offline-transcripts.md.
 *
 *   npm run transcripts:offline [-- --out FILE]
 *
 * The transcripts are the daemon's own words, not written by hand: run this again after changing
 * the offline replies.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import writeFileAtomic from 'write-file-atomic';
import { loadScenario, runScenarios, scenarioFiles } from '../src/eval/index.js';
import { assertIntentModelFresh } from '../src/intent/index.js';
import { silentLogger } from '../src/log/index.js';

const REPO = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { out: { type: 'string', default: path.join(REPO, 'docs', 'offline-transcripts.md') } } });

/** What a logged payload says: a say step's text, or who perception saw; other text as it is. */
function spoken(text: string): string {
  try {
    const value = JSON.parse(text) as { text?: unknown; user_name?: unknown; user_id?: unknown };
    if (typeof value.text === 'string') return value.text;
    if ('user_id' in value) return value.user_id ? `sees ${String(value.user_name)}` : 'sees someone it does not know';
  } catch {
    // Not JSON: already words.
  }
  return text;
}

/** Transcript lines worth reading: who spoke, gestures, and who perception saw ("12.3s robot: …"). */
function readable(line: string): string | null {
  const m = /^\d+\.\d+s (visitor|robot|perception|robot \[animation\]): (.*)$/s.exec(line);
  if (!m) return null;
  const [, who, text] = m;
  if (who === 'perception') return `*(perception ${spoken(text!)})*`;
  if (who === 'robot [animation]') return `*[${text}]*`;
  return `**${who === 'robot' ? 'Robot' : 'Visitor'}:** ${spoken(text!)}`;
}

async function main(): Promise<void> {
  assertIntentModelFresh(path.join(REPO, 'models', 'intent'), path.join(REPO, 'models', 'intent', 'corpus'));
  const scenarios = scenarioFiles([path.join(REPO, 'eval', 'visits')]).map((f) => loadScenario(f));
  const report = await runScenarios(scenarios, {
    url: null,
    prefix: 'nadine/',
    configFile: null,
    ollamaUrl: null,
    sim: null,
    chromaUrl: null,
    charsPerSecond: 60,
    detectEveryMs: 5000,
    withinMs: 8000,
    quietGraceMs: 250,
    log: silentLogger,
    onScenario: (r) => console.log(`${r.passed ? 'ok  ' : 'FAIL'} ${r.name}`),
  });
  const sections = report.scenarios.map((r) => {
    const lines = r.transcript.map(readable).filter((l): l is string => l !== null);
    return `## ${r.name}\n\n_${path.relative(REPO, r.file)}_\n\n${lines.map((l) => `- ${l}`).join('\n')}\n`;
  });
  const header = `# Offline transcripts

Ten whole visits in English, German, French, Spanish and Chinese, with **no language model**: what
the robot says here comes from its offline paths (answers about the visitor from their own profile
and memories, answers about itself from the persona and the knowledge files, reactions to what the
visitor's own words made it feel). Generated, not written by hand: \`npm run transcripts:offline\`
runs the visits of \`eval/visits/\` on the daemon's embedded defaults, each on a daemon of its own,
and rewrites this file. Perception events are in parentheses, gestures in brackets.
`;
  await writeFileAtomic(args.out, `${header}\n${sections.join('\n')}`);
  console.log(`wrote ${path.relative(process.cwd(), args.out)}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
