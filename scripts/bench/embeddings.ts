import path from 'node:path';
import { OnnxSentenceEmbedder } from '../../src/embeddings/index.js';
import { ensureStandinModels, standinDir, standinTokenizersRoot } from '../../src/models/standin/index.js';
import { summarize, type Measurement } from './stats.js';

export const UTTERANCES = [
  'Hello there!',
  'My name is Alex and I work at Siemens.',
  'What can you do?',
  'Where is the meeting room?',
  'Do you remember what I told you about my trip to Japan last week?',
  'Kannst du Deutsch sprechen?',
  'I like climbing and playing chess on the weekend.',
  'Thanks, see you later!',
];

/** Loads the stand-in MiniLM (generating it if needed): real shapes, so real latency. */
export async function loadStandinMiniLM(repo: string, threads = 1): Promise<OnnxSentenceEmbedder> {
  const modelsDir = path.join(repo, 'models');
  await ensureStandinModels({ modelsDir, tokenizersRoot: standinTokenizersRoot(repo).root, only: ['minilm'] });
  return OnnxSentenceEmbedder.load({ dir: standinDir(modelsDir, 'minilm'), dtype: 'fp32', maxTokens: 256, threads });
}

/** Sentence embedding latency of MiniLM-L6's shape (stand-in weights), uncached, one thread. */
export async function benchEmbeddings(options: { repo: string; turns: number }): Promise<Measurement[]> {
  const embedder = await loadStandinMiniLM(options.repo);
  try {
    for (let i = 0; i < 50; i++) await embedder.embed([UTTERANCES[i % UTTERANCES.length]!]);
    const single: number[] = [];
    for (let i = 0; i < options.turns; i++) {
      const started = performance.now();
      await embedder.embed([UTTERANCES[i % UTTERANCES.length]!]);
      single.push(performance.now() - started);
    }
    const batch: number[] = [];
    const sixteen = Array.from({ length: 16 }, (_, i) => UTTERANCES[i % UTTERANCES.length]!);
    for (let i = 0; i < Math.max(30, Math.floor(options.turns / 10)); i++) {
      const started = performance.now();
      await embedder.embed(sixteen);
      batch.push(performance.now() - started);
    }
    return [
      { name: 'embedding, stand-in MiniLM, 1 utterance', unit: 'ms', summary: summarize(single) },
      { name: 'embedding, stand-in MiniLM, batch of 16', unit: 'ms', summary: summarize(batch) },
    ];
  } finally {
    await embedder.close();
  }
}
