import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inbound, outbound } from '../../src/bus/index.js';
import { ConfigSchema } from '../../src/config/index.js';
import { REPO } from '../helpers/config.js';

const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
// Capability branches write README-ready material to docs/<capability>.md and the lead merges it
// into the README; until then, settings documented there count as documented.
const docsDir = path.join(REPO, 'docs');
const pendingDocs = existsSync(docsDir)
  ? readdirSync(docsDir).filter((f) => f.endsWith('.md')).map((f) => readFileSync(path.join(docsDir, f), 'utf8')).join('\n')
  : '';

function settings(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => settings(v, prefix ? `${prefix}.${k}` : k));
}

/** The README is the reference: a setting or topic that is not in it does not exist for users. */
describe('the README', () => {
  it('documents every configuration setting', () => {
    const documented = [...`${readme}\n${pendingDocs}`.matchAll(/^\| (`[^|]+`(?:, `[^|]+`)*) \|/gm)].flatMap((m) => m[1]!.match(/`([^`]+)`/g)!.map((s) => s.slice(1, -1)));
    const patterns = documented.map((d) => new RegExp(`^${d.replace(/\./g, '\\.').replace(/<[^>]+>/g, '[^.]+')}$`));
    const missing = settings(ConfigSchema.parse({})).filter((key) => !patterns.some((p) => p.test(key)));
    expect(missing).toEqual([]);
  });

  it('documents every topic of the contract', () => {
    // speech (issue 6): topics of another protocol (Hermes) are documented without the prefix.
    for (const spec of [...Object.values(inbound), ...Object.values(outbound)] as { topic: string; absolute?: true }[]) {
      expect(`${readme}\n${pendingDocs}`, spec.topic).toContain(spec.absolute ? `\`${spec.topic}\`` : `\`nadine/${spec.topic}\``);
    }
  });

  it('gives the test command that CI runs', () => {
    const ci = readFileSync(path.join(REPO, '.ci/run'), 'utf8');
    expect(readme).toMatch(/^npm test\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });
});
