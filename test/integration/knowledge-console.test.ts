import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runConsole } from '../../src/console/index.js';
import { startDaemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from '../helpers/config.js';
import { copyRagFiles } from '../helpers/knowledge.js';

describe('the developer console', () => {
  it('shows the knowledge index, and what a question would find', async () => {
    const daemon = await startDaemon({ config: testConfig({ paths: { rag: copyRagFiles() }, embeddings: { backend: 'lexical' } }), log: silentLogger, mqtt: false });
    await daemon.knowledge!.ready();
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (d) => (text += d));
    const done = runConsole({ daemon, input, output, interactive: false });
    input.end(['/knowledge', '/knowledge What languages can you speak?', '/knowledge xyzzy plugh', '/quit'].join('\n'));
    await done;
    await daemon.stop();
    expect(text).toMatch(/"files": 20,\s+"chunks": 90/);
    expect(text).toMatch(/"added": \[\s+"about-me.md",/);
    expect(text).toMatch(/^\d\.\d{3} {2}what-i-can-do\.md › What I can do › Languages {2}\(score \d+\.\d{2}\)\n {7}I can speak English, German, French, Chinese and Spanish\./m);
    expect(text).toMatch(/nothing answers/);
  });
});
