import type { ScenarioReport } from '../run.js';
import type { GeneratedVisit } from './builder.js';

/** A category, or `error`: the visit could not run. */
type Bucket = string;

export interface CategoryReport {
  visits: number;
  passed: number;
  /** Per category: the visits with a failed expectation of it, and the first such failure as an example. */
  categories: Record<Bucket, { visits: number; first: number; example: { visit: string; failure: string } }>;
  /** Pass counts per template and per language. */
  kinds: Record<string, { visits: number; passed: number }>;
  languages: Record<string, { visits: number; passed: number }>;
}

/** The failures of generated visits, grouped by what they say is wrong (a visit counts once per category, and once for the category of its first failure). */
export function categoryReport(visits: readonly GeneratedVisit[], reports: readonly ScenarioReport[]): CategoryReport {
  const byFile = new Map(reports.map((r) => [r.file, r]));
  const out: CategoryReport = { visits: 0, passed: 0, categories: {}, kinds: {}, languages: {} };
  const tally = (table: Record<string, { visits: number; passed: number }>, key: string, ok: boolean) => {
    const row = (table[key] ??= { visits: 0, passed: 0 });
    row.visits++;
    if (ok) row.passed++;
  };
  for (const v of visits) {
    const r = byFile.get(v.scenario.file);
    if (!r || r.skipped) continue;
    out.visits++;
    if (r.passed) out.passed++;
    tally(out.kinds, v.kind, r.passed);
    tally(out.languages, v.language, r.passed);
    const failed: { bucket: Bucket; failure: string }[] = r.steps
      .filter((s) => !s.ok)
      // The one action that fails is a `detect: "@Name"` of a name the robot never learned: an introduction failure.
      .map((s) => ({ bucket: v.categories[s.index - 1] ?? 'introduction', failure: `step ${s.index}: ${s.failures.join('; ')}` }));
    if (!r.passed && !failed.length) failed.push({ bucket: 'error', failure: r.failures.join('; ') });
    const seen = new Set<Bucket>();
    for (const [i, f] of failed.entries()) {
      const row = (out.categories[f.bucket] ??= { visits: 0, first: 0, example: { visit: r.name, failure: f.failure } });
      if (i === 0) row.first++;
      if (!seen.has(f.bucket)) row.visits++;
      seen.add(f.bucket);
    }
  }
  return out;
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : '-');

export function categoryMarkdown(title: string, report: CategoryReport): string {
  const out = [`## ${title}`, '', `${report.passed}/${report.visits} generated visits passed (${pct(report.passed, report.visits)}).`, ''];
  const cats = Object.entries(report.categories).sort((a, b) => b[1].visits - a[1].visits);
  if (cats.length) {
    out.push('| category | visits failing it | first failure of the visit | example |', '| --- | --- | --- | --- |');
    for (const [cat, row] of cats) out.push(`| ${cat} | ${row.visits} | ${row.first} | ${row.example.visit.replace(/\|/g, '\\|')}: ${row.example.failure.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 400)} |`);
    out.push('');
  }
  out.push('| template | passed |', '| --- | --- |');
  for (const [k, row] of Object.entries(report.kinds).sort()) out.push(`| ${k} | ${row.passed}/${row.visits} |`);
  out.push('', '| language | passed |', '| --- | --- |');
  for (const [k, row] of Object.entries(report.languages).sort()) out.push(`| ${k} | ${row.passed}/${row.visits} |`);
  return `${out.join('\n')}\n`;
}
