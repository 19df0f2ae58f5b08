import writeFileAtomic from 'write-file-atomic';
import type { EvalReport, ScenarioReport } from './run.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function status(s: ScenarioReport): string {
  if (s.skipped) return 'skipped';
  return s.passed ? 'passed' : '**FAILED**';
}

/** The readable report: a table of scenarios, then what failed with what was published, then the simulated visits. */
function markdownReport(report: EvalReport): string {
  const out: string[] = [];
  out.push('# Evaluation of visits', '');
  out.push(`${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped, in ${(report.ms / 1000).toFixed(1)} s.`, '');
  out.push('| scenario | result | steps | time |', '| --- | --- | --- | --- |');
  for (const s of report.scenarios) {
    const rate = s.simulated ? ` (judge: ${Math.round(s.simulated.pass_rate * 100)}% of ${s.simulated.visits.length})` : '';
    out.push(`| ${cell(s.name)} | ${status(s)}${rate} | ${s.steps.filter((x) => x.ok).length}/${s.steps.length} | ${(s.ms / 1000).toFixed(1)} s |`);
  }
  const skipped = report.scenarios.filter((s) => s.skipped);
  if (skipped.length) {
    out.push('', '## Skipped', '');
    for (const s of skipped) out.push(`- ${s.name} (${s.file}): ${s.skipped}`);
  }
  for (const s of report.scenarios.filter((x) => !x.passed && !x.skipped)) {
    out.push('', `## FAILED: ${s.name}`, '', `\`${s.file}\``, '');
    for (const f of s.failures) out.push(`- ${f}`);
    out.push('', '```', ...s.transcript, '```');
  }
  const simulated = report.scenarios.filter((s) => s.simulated);
  if (simulated.length) {
    out.push('', '## Simulated visits', '');
    for (const s of simulated) {
      out.push(`### ${s.name}: ${s.simulated!.visits.filter((v) => v.verdict === 'yes').length}/${s.simulated!.visits.length} met the objective`, '');
      for (const [i, v] of s.simulated!.visits.entries()) {
        out.push(`${i + 1}. **${v.verdict}**: ${v.reason}`, '', '   ```');
        for (const l of v.transcript) out.push(`   ${l.speaker}: ${l.message}`);
        out.push('   ```');
      }
    }
  }
  return `${out.join('\n')}\n`;
}

/** `appendix`: more markdown after the report (the generated visits' failures by category). */
export async function writeReports(report: EvalReport, jsonFile: string, markdownFile: string, appendix = ''): Promise<void> {
  await writeFileAtomic(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
  await writeFileAtomic(markdownFile, `${markdownReport(report)}${appendix ? `\n${appendix}` : ''}`);
}
