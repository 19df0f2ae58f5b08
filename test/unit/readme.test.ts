import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inbound, outbound } from '../../src/bus/index.js';
import { ConfigSchema } from '../../src/config/index.js';
import { REPO } from '../helpers/config.js';

const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
// Capability branches document their settings in docs/<capability>.md until the lead folds them
// into the README (helpers do not edit README.md); settings tables there count as documented.
const docs = readdirSync(path.join(REPO, 'docs'), { withFileTypes: true })
  .filter((f) => f.isFile() && f.name.endsWith('.md'))
  .map((f) => readFileSync(path.join(REPO, 'docs', f.name), 'utf8'))
  .join('\n');

function settings(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => settings(v, prefix ? `${prefix}.${k}` : k));
}

/** The README is the reference: a setting or topic that is not in it does not exist for users. */
describe('the README', () => {
  it('documents every configuration setting', () => {
    const documented = [...`${readme}\n${docs}`.matchAll(/^\| (`[^|]+`(?:, `[^|]+`)*) \|/gm)].flatMap((m) => m[1]!.match(/`([^`]+)`/g)!.map((s) => s.slice(1, -1)));
    const patterns = documented.map((d) => new RegExp(`^${d.replace(/\./g, '\\.').replace(/<[^>]+>/g, '[^.]+')}$`));
    const missing = settings(ConfigSchema.parse({})).filter((key) => !patterns.some((p) => p.test(key)));
    expect(missing).toEqual([]);
  });

  it('documents every topic of the contract', () => {
    for (const spec of [...Object.values(inbound), ...Object.values(outbound)]) {
      expect(readme, spec.topic).toContain(`\`nadine/${spec.topic}\``);
    }
  });

  it('gives the test command that CI runs', () => {
    const ci = readFileSync(path.join(REPO, '.ci/run'), 'utf8');
    expect(readme).toMatch(/^npm test\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });
});
