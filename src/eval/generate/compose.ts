import { LANGUAGES, type Language } from '../../config/index.js';
import { VisitBuilder, type GeneratedVisit } from './builder.js';
import { DEV_PARTS } from './parts/dev.js';
import { HELDOUT_PARTS } from './parts/heldout.js';
import type { Parts } from './parts/types.js';
import { Rng } from './rng.js';
import { confirmationVisit, correctionVisit, introductionVisit, knownArrivalVisit, perceptionVisit } from './visits/names.js';
import { backchannelVisit, goodbyeVisit, interruptionVisit, queueVisit, walkAwayVisit } from './visits/presence.js';

export type Split = 'dev' | 'heldout';
export const SPLITS: Record<Split, Parts> = { dev: DEV_PARTS, heldout: HELDOUT_PARTS };

/** The templates, with how often each is drawn, and whether the robot's voice is slow (so that something can be said while it speaks). */
const KINDS: { kind: string; weight: number; slow?: true; make: (b: VisitBuilder) => string }[] = [
  { kind: 'introduction', weight: 3, make: introductionVisit },
  { kind: 'known-arrival', weight: 2, make: knownArrivalVisit },
  { kind: 'confirmation', weight: 4, make: confirmationVisit },
  { kind: 'correction', weight: 1, make: correctionVisit },
  { kind: 'perception', weight: 1, make: perceptionVisit },
  { kind: 'goodbye-linger', weight: 2, make: goodbyeVisit },
  { kind: 'walk-away', weight: 1, make: walkAwayVisit },
  { kind: 'queue', weight: 2, make: queueVisit },
  { kind: 'backchannel', weight: 2, slow: true, make: backchannelVisit },
  { kind: 'interruption', weight: 1, slow: true, make: interruptionVisit },
];
const TOTAL = KINDS.reduce((s, k) => s + k.weight, 0);

export interface GenerateOptions {
  count: number;
  seed: number;
  split: Split;
}

/** Visit `index` of a seed: the same whatever the count (visit 7 of 100 is visit 7 of 500). */
function generateVisit(index: number, seed: number, split: Split): GeneratedVisit {
  const rng = new Rng(Math.imul(seed ^ 0x5bd1e995, 0x01000193) ^ Math.imul(index + 1, 0x9e3779b1));
  const language: Language = rng.pick(LANGUAGES);
  let draw = rng.next() * TOTAL;
  const template = KINDS.find((k) => (draw -= k.weight) < 0) ?? KINDS.at(-1)!;
  const b = new VisitBuilder(rng, SPLITS[split][language], language);
  const description = template.make(b);
  const id = `${split}-${seed}-${String(index).padStart(4, '0')}`;
  return b.build({
    name: `${id} [${template.kind}/${language}] ${description}`,
    file: `generated:${id}`,
    kind: template.kind,
    ...(template.slow && { body: { chars_per_second: 12 } }),
  });
}

export function generateVisits(options: GenerateOptions): GeneratedVisit[] {
  return Array.from({ length: options.count }, (_, i) => generateVisit(i, options.seed, options.split));
}
