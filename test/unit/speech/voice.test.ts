import { describe, expect, it } from 'vitest';
import type { Config } from '../../../src/config/index.js';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { SpeechOut, Voice, type Delivered } from '../../../src/speech/index.js';
import { testConfig } from '../../helpers/config.js';

/** A voice with a speech stack that reports start and end of speaking; its deliveries recorded. */
function voice(speech: Partial<Config['speech']> = {}) {
  const v = new Voice({ config: { ...testConfig().speech, streaming: true, ...speech }, feedback: true, out: new SpeechOut(), log: silentLogger, health: new Health() });
  const delivered: Delivered[] = [];
  v.on('delivered', (d) => delivered.push(d));
  const reply = (turnId: string, text: string) => {
    const r = v.open(turnId, { sessionId: null, started: performance.now() });
    r.write(text, 'en');
    r.end();
    return r;
  };
  const speakAll = () => {
    while (v.busy) {
      v.started();
      v.finished();
    }
  };
  return { v, delivered, reply, speakAll };
}

describe('the voice announces what was said of each reply, once', () => {
  it('a reply is delivered whole when its last sentence has been said, not when it is handed over', () => {
    const t = voice();
    t.reply('t1', 'The lift is on the left. It goes to every floor.').finish(false);
    expect(t.delivered).toEqual([]);
    t.speakAll();
    expect(t.delivered).toEqual([{ turnId: 't1', spokenText: 'The lift is on the left. It goes to every floor.', cut: false }]);
  });

  it('a finished reply cut by a barge-in is delivered as far as it was said; a reply cut while its turn runs, at the turn’s end', () => {
    const t = voice();
    t.reply('t1', 'First sentence here. Second sentence here.').finish(false);
    t.v.started(); // the first sentence is being spoken
    t.v.interrupt('wait');
    expect(t.delivered).toEqual([{ turnId: 't1', spokenText: 'First sentence here.', cut: true }]);
    const running = t.reply('t2', 'Another long answer. With more.');
    t.v.interrupt('stop');
    expect(t.delivered).toHaveLength(1);
    expect(running.finish(true).cut).not.toBeNull();
    expect(t.delivered[1]).toEqual({ turnId: 't2', spokenText: '', cut: true });
    // Nothing more is announced for either.
    t.speakAll();
    t.v.close();
    expect(t.delivered).toHaveLength(2);
  });

  it('without barge-in nothing can cut a reply: it is delivered when its turn ends', () => {
    const t = voice({ bargeIn: false });
    t.reply('t1', 'Hello there. How can I help?').finish(false);
    expect(t.delivered).toEqual([{ turnId: 't1', spokenText: 'Hello there. How can I help?', cut: false }]);
    t.speakAll();
    expect(t.delivered).toHaveLength(1);
  });
});
