import { describe, expect, it } from 'vitest';
import { categoryMarkdown, categoryReport, generateVisits } from '../../../../src/eval/generate/index.js';
import type { ScenarioReport } from '../../../../src/eval/index.js';

describe('the report of generated visits', () => {
  it('groups failures by the category of the failed expectation, each visit once per category', () => {
    const visits = generateVisits({ count: 30, seed: 3, split: 'dev' });
    const reports: ScenarioReport[] = visits.map((v, i) => {
      const expects = v.categories.flatMap((c, j) => (c ? [{ c, j }] : []));
      // Visit 0 fails its first two expectations; the others pass.
      const failed = i === 0 ? expects.slice(0, 2).map((x) => x.j) : [];
      return {
        name: v.scenario.name,
        file: v.scenario.file,
        passed: failed.length === 0,
        skipped: null,
        ms: 1,
        steps: v.scenario.steps.map((_, j) => ({ index: j + 1, step: '', ok: !failed.includes(j), ms: 1, failures: failed.includes(j) ? [`failure ${j}`] : [] })),
        transcript: [],
        failures: [],
        simulated: null,
      };
    });
    const report = categoryReport(visits, reports);
    expect(report.visits).toBe(30);
    expect(report.passed).toBe(29);
    const cats = visits[0]!.categories.filter((c) => c !== null).slice(0, 2);
    const total = Object.values(report.categories).reduce((s, r) => s + r.first, 0);
    expect(total).toBe(1);
    expect(report.categories[cats[0]!]!.first).toBe(1);
    for (const c of new Set(cats)) expect(report.categories[c]!.visits).toBe(1);
    expect(report.categories[cats[0]!]!.example.visit).toBe(visits[0]!.scenario.name);
    const md = categoryMarkdown('dev', report);
    expect(md).toContain('29/30 generated visits passed (96.7 %)');
    expect(md).toContain(`| ${cats[0]} | 1 | 1 |`);
  });
});
