import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inbound, outbound } from '../../src/bus/index.js';
import { ConfigSchema } from '../../src/config/index.js';
import { REPO } from '../helpers/config.js';
import { defaultGraphBlock, GRAPH_END, GRAPH_START } from '../../scripts/docs-graph.js';

const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');

function settings(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => settings(v, prefix ? `${prefix}.${k}` : k));
}

/** The README is the reference: a setting or topic that is not in it does not exist for users. */
describe('the README', () => {
  it('documents every configuration setting', () => {
    const documented = [...readme.matchAll(/^\| (`[^|]+`(?:, `[^|]+`)*) \|/gm)].flatMap((m) => m[1]!.match(/`([^`]+)`/g)!.map((s) => s.slice(1, -1)));
    const patterns = documented.map((d) => new RegExp(`^${d.replace(/\./g, '\\.').replace(/<[^>]+>/g, '[^.]+')}$`));
    const missing = settings(ConfigSchema.parse({})).filter((key) => !patterns.some((p) => p.test(key)));
    expect(missing).toEqual([]);
  });

  it('documents every topic of the contract', () => {
    // Topics of another protocol (Hermes) are documented without the prefix.
    for (const spec of [...Object.values(inbound), ...Object.values(outbound)] as { topic: string; absolute?: true }[]) {
      expect(readme, spec.topic).toContain(spec.absolute ? `\`${spec.topic}\`` : `\`nadine/${spec.topic}\``);
    }
  });

  it('gives the test command that CI runs', () => {
    const ci = readFileSync(path.join(REPO, '.ci/run'), 'utf8');
    expect(readme).toMatch(/^npm test\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });

  it('shows the dialogue graph as the code builds it (npm run docs:graph -- --write)', () => {
    const shown = readme.slice(readme.indexOf(GRAPH_START) + GRAPH_START.length, readme.indexOf(GRAPH_END)).trim();
    expect(shown).toBe(defaultGraphBlock());
  });

  it('links only to files that exist', () => {
    const links = [...readme.matchAll(/\]\(((?!https?:|#)[^)#]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((link) => !existsSync(path.join(REPO, link)))).toEqual([]);
  });
});
