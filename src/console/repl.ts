import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { describeEmotion, describeMood, snapshot } from '../affect/index.js';
import { UserIdSchema } from '../bus/index.js';
import type { Daemon } from '../daemon.js';
import { describeGraph } from '../dialogue/index.js';
import { silentLogger } from '../log/index.js';

export interface ConsoleOptions {
  daemon: Pick<Daemon, 'dialogue' | 'graph' | 'health' | 'config' | 'forgetUser'> & Partial<Pick<Daemon, 'affect' | 'knowledge'>>;
  input: Readable;
  output: Writable;
  /** Show the prompt and greeting banner (off when input is piped). */
  interactive: boolean;
}

type Command = (args: string) => string | Promise<string>;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * The developer console: the same dialogue as the daemon, driven from a terminal instead of MQTT
 * (the reference robot's chat mode). Lines starting with "/" are commands.
 */
export async function runConsole(options: ConsoleOptions): Promise<void> {
  const { daemon, input, output } = options;
  const { presence, conversations, speech, turns } = daemon.dialogue;
  const write = (text: string) => output.write(`${text}\n`);
  const robot = daemon.config.persona.name;

  // Sentences arrive one by one as the reply is written; the first carries the name.
  speech.on('speak', (text, _turnId, item) => write(item.index === 0 ? `${robot}: ${text}` : `${' '.repeat(robot.length + 2)}${text}`));
  speech.on('gesture', (name) => write(`  [${name}]`));

  const commands: Record<string, { help: string; run: Command }> = {
    help: { help: 'this list', run: () => Object.entries(commands).map(([n, c]) => `/${n.padEnd(7)} ${c.help}`).join('\n') },
    state: { help: 'the current conversation state (history, language, user)', run: () => json(daemon.dialogue.current()) },
    user: { help: 'who the robot thinks it is talking to', run: () => json(presence.user) },
    last: {
      help: "the last turn: intent, confidence, timings, errors",
      run: () => {
        const last = turns.lastTurn;
        if (!last) return 'no turn yet';
        const { intent, timings_ms, model_ms, errors, language, degraded } = last.event;
        return json({ intent, language, timings_ms, model_ms, path: last.run.path, errors, degraded });
      },
    },
    health: { help: 'components and counters', run: () => json(daemon.health.report()) },
    graph: { help: 'the dialogue graph as configured (Mermaid)', run: () => describeGraph(daemon.graph) },
    affect: {
      help: "the robot's emotions and mood now",
      run: () => {
        if (!daemon.affect || !daemon.config.agents.affect) return 'affect is off (agents.affect: false)';
        const now = snapshot(daemon.affect.current(new Date()));
        return `${json(now)}\nfeeling: ${describeEmotion(now) ?? 'nothing in particular'}; mood: ${describeMood(now)}`;
      },
    },
    // For keepers checking their files.
    knowledge: {
      help: 'the knowledge index; "/knowledge QUESTION" shows what would be found',
      run: async (question) => {
        const kb = daemon.knowledge;
        if (!kb) return 'knowledge is off (agents.knowledge: false)';
        if (!question) return json({ ...kb.stats(), lastUpdate: kb.lastUpdate, health: daemon.health.get('knowledge') });
        const found = await kb.search(question, { log: silentLogger, language: daemon.dialogue.current().language });
        // Each hit: the embedder's cosine, then the section's score over the minimum (from 1 on it answers).
        const hits = found.hits.map((h) => `${h.similarity.toFixed(3)}  ${h.file} › ${h.headings.join(' › ')}  (score ${h.score?.toFixed(2) ?? '-'})\n       ${h.text.slice(0, 200)}`);
        return [`from ${found.source}; best section's score ${found.best?.toFixed(2) ?? '-'} (answers from 1)`, ...(hits.length ? hits : ['nothing answers'])].join('\n');
      },
    },
    reset: {
      help: 'forget the current conversation',
      run: () => {
        conversations.reset(presence.user);
        return 'conversation reset';
      },
    },
    forget: {
      help: 'forget everything about a person: /forget [user_id] (default: the current user)',
      run: async (args) => {
        const id = args.trim() || presence.user.user_id;
        if (!id) return 'no current user with an id: /forget <user_id>';
        const parsed = UserIdSchema.safeParse(id);
        if (!parsed.success) return `not a user id: ${id}`;
        return json(await daemon.forgetUser(parsed.data));
      },
    },
    quit: { help: 'leave', run: () => '' },
  };

  const rl = createInterface({ input, output, terminal: options.interactive, prompt: 'you> ' });
  if (options.interactive) {
    write(`${robot} console: type to talk, /help for commands.`);
    rl.prompt();
  }
  for await (const raw of rl) {
    const text = raw.trim();
    if (text.startsWith('/')) {
      const [name = '', ...rest] = text.slice(1).split(/\s+/);
      if (name === 'quit' || name === 'exit') break;
      const command = commands[name];
      write(command ? await command.run(rest.join(' ')) : `unknown command /${name}; /help lists them`);
    } else if (text) {
      await turns.submit({ text });
    }
    if (options.interactive) rl.prompt();
  }
  rl.close();
}
