import { readFileSync } from 'node:fs';
import { advance, affectParams, appraiseLexicon, elicit, initialState } from '../../src/affect/index.js';
import { ConfigSchema } from '../../src/config/index.js';
import { parseCorpusTsv } from '../../src/intent/index.js';
import { summarize, type Measurement } from './stats.js';

/**
 * The affect work of a turn without a language model: the lexicon appraisal of an utterance
 * (phrase rules of five languages + AFINN), and the mood update (advance + elicit), on the
 * independent utterances of the intent fixture (en, de, fr, zh).
 */
export function benchAffect(options: { unseenFile: string; turns: number }): Measurement[] {
  const texts = parseCorpusTsv(readFileSync(options.unseenFile, 'utf8'), options.unseenFile, null).map((e) => e.text);
  const params = affectParams(ConfigSchema.parse({}).affect);
  let state = initialState(params, 0);
  const appraisal: number[] = [];
  const dynamics: number[] = [];
  for (let i = 0; i < options.turns + 200; i++) {
    const text = texts[i % texts.length]!;
    const t0 = performance.now();
    const { emotions } = appraiseLexicon({ text });
    const t1 = performance.now();
    state = elicit(advance(state, i * 15_000, params), emotions);
    const t2 = performance.now();
    if (i < 200) continue;
    appraisal.push(t1 - t0);
    dynamics.push(t2 - t1);
  }
  return [
    { name: 'affect: lexicon appraisal of an utterance', unit: 'ms', summary: summarize(appraisal) },
    { name: 'affect: emotion decay + mood update', unit: 'ms', summary: summarize(dynamics) },
  ];
}
