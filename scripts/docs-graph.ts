/**
 * Prints the dialogue graph of the default configuration as a Mermaid flowchart, and with
 * --write puts it into the README between its graph markers (a test checks that they agree).
 *
 *   npm run docs:graph [-- --write]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigSchema } from '../src/config/index.js';
import { buildDialogueGraph, describeGraph } from '../src/dialogue/index.js';

export const GRAPH_START = '<!-- graph: printed by npm run docs:graph -->';
export const GRAPH_END = '<!-- graph end -->';

export function defaultGraphBlock(): string {
  return ['```mermaid', describeGraph(buildDialogueGraph(ConfigSchema.parse({}))), '```'].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const block = defaultGraphBlock();
  if (!process.argv.includes('--write')) process.stdout.write(`${block}\n`);
  else {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
    const readme = readFileSync(file, 'utf8');
    const start = readme.indexOf(GRAPH_START);
    const end = readme.indexOf(GRAPH_END);
    if (start < 0 || end < start) throw new Error(`README.md has no ${GRAPH_START} … ${GRAPH_END} section`);
    writeFileSync(file, `${readme.slice(0, start + GRAPH_START.length)}\n${block}\n${readme.slice(end)}`);
    process.stdout.write('README.md: graph updated\n');
  }
}
