import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, LANGUAGES } from '../../../../src/config/index.js';
import { loadScenario, type Expectation, type Step } from '../../../../src/eval/index.js';
import { toRegex } from '../../../../src/eval/match.js';
import { generateVisits, SPLITS, type GeneratedVisit } from '../../../../src/eval/generate/index.js';
import type { LanguageParts } from '../../../../src/eval/generate/parts/types.js';
import { nameSimilarity } from '../../../../src/people/index.js';
import { tempDir } from '../../../helpers/config.js';

const expectations = (v: GeneratedVisit): Expectation[] => v.scenario.steps.flatMap((s) => ('expect' in s ? [s.expect] : []));
const sayText = (s: Step) => ('say' in s ? (typeof s.say === 'string' ? s.say : s.say.text) : null);
const dev = generateVisits({ count: 500, seed: 7, split: 'dev' });
const heldout = generateVisits({ count: 500, seed: 8, split: 'heldout' });

describe('the visit generator', () => {
  it('is deterministic per seed, and visit i does not depend on how many are drawn', () => {
    expect(generateVisits({ count: 40, seed: 7, split: 'dev' })).toEqual(dev.slice(0, 40));
    expect(generateVisits({ count: 124, seed: 7, split: 'dev' }).at(-1)).toEqual(dev[123]);
    const other = generateVisits({ count: 40, seed: 9, split: 'dev' });
    expect(other.map((v) => v.scenario.name)).not.toEqual(dev.slice(0, 40).map((v) => v.scenario.name));
  });

  it('makes 500 valid scenarios per split, of every template and language, with a category for every expectation', () => {
    // Valid: each would load as a scenario file (JSON is YAML).
    const file = path.join(tempDir('nadine-generated-'), 'visit.yaml');
    for (const visits of [dev, heldout]) {
      expect(new Set(visits.map((v) => v.scenario.name)).size).toBe(500);
      for (const v of visits) {
        const { file: _file, ...raw } = v.scenario;
        writeFileSync(file, JSON.stringify(raw));
        expect(() => loadScenario(file), v.scenario.name).not.toThrow();
        expect(v.categories).toHaveLength(v.scenario.steps.length);
        v.scenario.steps.forEach((s, i) => expect(typeof v.categories[i], v.scenario.name).toBe('expect' in s ? 'string' : 'object'));
      }
      const kinds = new Set(visits.map((v) => v.kind));
      expect([...kinds].sort()).toEqual(['backchannel', 'confirmation', 'correction', 'goodbye-linger', 'interruption', 'introduction', 'known-arrival', 'perception', 'queue', 'walk-away']);
      expect(new Set(visits.map((v) => v.language))).toEqual(new Set(LANGUAGES));
    }
  });

  it('a confirmation answer settles what its construction says, for the right user_id', () => {
    const confirmations = dev.filter((v) => v.kind === 'confirmation');
    expect(confirmations.length).toBeGreaterThan(50);
    for (const v of confirmations) {
      const kind = /\((\w+)\)$/.exec(v.scenario.name)![1]!;
      const [[knownId, knownName]] = Object.entries(v.scenario.people) as [[string, string]];
      const settled = expectations(v).filter((e) => e.user_info).map((e) => e.user_info!);
      const names = expectations(v).find((e) => e.user_info_names)!.user_info_names!;
      if (kind === 'yes' || kind === 'thatsMe') {
        expect(settled).toEqual([{ user_id: knownId, user_name: knownName }]);
        expect(names).toEqual([knownName]);
      } else if (kind === 'unrelated') {
        expect(settled).toEqual([]);
        expect(names[0]).toBe(knownName);
      } else {
        expect(settled).toHaveLength(1);
        expect(settled[0]!.user_name).not.toBe(knownName);
        expect(toRegex(settled[0]!.user_id as string).test(knownId)).toBe(false);
        expect(toRegex(settled[0]!.user_id as string).test('someone-new-1a2b3c')).toBe(true);
        expect(names).toEqual([settled[0]!.user_name]);
      }
      // Nothing is sent to perception while the robot is unsure.
      expect(expectations(v).some((e) => e.no_user_info)).toBe(true);
    }
  });

  it('what one person must never hear never forbids what the robot must say to the person in front of it', () => {
    for (const v of [...dev, ...heldout]) {
      let forbidden: RegExp[] = [];
      for (const e of expectations(v)) {
        if (e.not_speak) forbidden.push(toRegex(e.not_speak));
        if (e.speak && e.speak !== '/./') {
          // The greeting of someone who must be named: their name is not among the secrets of the others.
          const name = e.speak.replace(/^\/|\/iu$/g, '').replace(/\(\?<?!\\p\{L\}\)/g, '');
          for (const re of forbidden) expect(re.test(name), `${v.scenario.name}: ${re} forbids ${name}`).toBe(false);
        }
        if (e.turn || e.speak) forbidden = [];
      }
    }
  });

  it('keeps the names of one visit apart, except the near name it asks about, which lies between the thresholds', () => {
    const { low, high } = ConfigSchema.parse({}).people.nameMatch;
    for (const split of Object.values(SPLITS)) {
      for (const [language, parts] of Object.entries(split)) {
        for (const p of parts.near) {
          const s = nameSimilarity(p.known, p.said);
          expect(s >= low && s < high, `${language} ${p.known}/${p.said}: ${s}`).toBe(true);
        }
      }
    }
    for (const v of dev) {
      const people = Object.values(v.scenario.people);
      for (const a of people) for (const b of people) if (a !== b) expect(nameSimilarity(a, b), v.scenario.name).toBeLessThan(low);
    }
  });

  it('checks the reply language only once the utterance or an earlier one tells it', () => {
    for (const v of dev.filter((x) => x.language !== 'en')) {
      const firstCheck = v.categories.indexOf('language');
      if (firstCheck < 0) continue;
      const said = v.scenario.steps.slice(0, firstCheck).flatMap((s) => ('say' in s ? [s.say] : []));
      const tells = said.some((s) => typeof s !== 'string' && s.language) || said.some((s) => (typeof s === 'string' ? s : s.text).split(/\s+/).length >= 4 || /\p{Script=Han}/u.test(typeof s === 'string' ? s : s.text));
      expect(tells, v.scenario.name).toBe(true);
    }
  });
});

describe('the held-out split', () => {
  const texts = (parts: LanguageParts) => Object.entries(parts).flatMap(([key, list]) => (list as readonly unknown[]).flatMap((x) => (typeof x === 'string' ? [`${key}:${x}`] : Object.values(x as object).map((n) => `name:${n}`))));
  const names = (parts: LanguageParts) => [...parts.names, ...parts.near.flatMap((p) => [p.known, p.said])];

  it('shares no name and no phrasing with the development split', () => {
    for (const language of LANGUAGES) {
      const d = SPLITS.dev[language];
      const h = SPLITS.heldout[language];
      const devTexts = new Set(texts(d));
      const phrasings = texts(h).filter((t) => !/^(name|jobs|employers|cities):/.test(t));
      expect(phrasings.filter((t) => devTexts.has(t)), language).toEqual([]);
      const devNames = new Set(LANGUAGES.flatMap((l) => names(SPLITS.dev[l])));
      expect(names(h).filter((n) => devNames.has(n)), language).toEqual([]);
    }
  });

  it('no held-out name is ever said in a development visit', () => {
    const heldoutNames = LANGUAGES.flatMap((l) => names(SPLITS.heldout[l]));
    const word = (n: string) => new RegExp(/\p{Script=Han}/u.test(n) ? n : `(?<!\\p{L})${n}(?!\\p{L})`, 'u');
    const said = dev.flatMap((v) => [...v.scenario.steps.map(sayText).filter((t): t is string => t !== null), ...Object.values(v.scenario.people)]);
    for (const n of heldoutNames) expect(said.filter((t) => word(n).test(t)), n).toEqual([]);
  });
});

describe('confirmation answers for the names agent', () => {
  it('gives 200 answers without a name, in all five languages, deterministically', async () => {
    const { confirmationAnswers } = await import('../../../helpers/generated-answers.js');
    const answers = confirmationAnswers(200, 1, 'dev');
    expect(answers).toEqual(confirmationAnswers(200, 1, 'dev'));
    expect(new Set(answers.map((a) => a.language))).toEqual(new Set(LANGUAGES));
    expect(new Set(answers.map((a) => a.kind)).size).toBe(4);
    const names = LANGUAGES.flatMap((l) => [...SPLITS.dev[l].names, ...SPLITS.dev[l].near.flatMap((p) => [p.known, p.said])]);
    for (const a of answers) expect(names.filter((n) => a.text.includes(n)), a.text).toEqual([]);
  });
});
