import { describe, expect, it } from 'vitest';
import { TurnEventSchema } from '../../../src/bus/index.js';
import { buildDialogueGraph, createDialogue, buildTurnEvent, defineAgent, line, newSession, offlineReply, startTurn, type TurnState } from '../../../src/dialogue/index.js';
import { modelInstructions } from '../../helpers/prompt.js';
import { TOOL_LINES } from '../../../src/dialogue/offline/tool-lines.js';
import { Health } from '../../../src/health/index.js';
import type { KnowledgeHit, KnowledgeRetrieval } from '../../../src/knowledge/index.js';
import { silentLogger } from '../../../src/log/index.js';
import type { SearchResults } from '../../../src/search/index.js';
import type { VisionResult } from '../../../src/vision/index.js';
import { testConfig } from '../../helpers/config.js';
import { daemonPorts } from '../../helpers/ports.js';

const ctx = { robotName: 'Nadine', pick: () => 0, tone: null };
const hit = (patch: Partial<KnowledgeHit> = {}): KnowledgeHit => ({
  id: 'what-i-can-do.md::1',
  file: 'what-i-can-do.md',
  headings: ['What I can do', 'Languages'],
  text: 'I can speak English, German, French, Chinese and Spanish. Ask me to switch, for example "Can you speak German?" or "Parle-moi en français", and I will continue in that language until you ask for another one.',
  similarity: 0.61,
  language: 'en',
  ...patch,
});
const knowledge = (hits: KnowledgeHit[]): KnowledgeRetrieval => ({ query: 'What languages can you speak?', hits, source: 'chroma', best: hits[0]?.similarity ?? 0.1 });
const vision = (status: VisionResult['status'], description: string | null = null): VisionResult => ({ status, query: 'What do you see?', description, frame: null, detail: null });
const turn = (text: string, patch: Partial<TurnState> = {}): TurnState => ({ ...startTurn(newSession('en'), 'turn-1', text, null), intent: 'continue_conversation', ...patch });

describe('offline answers from the tools', () => {
  it('answers a knowledge question with the sentences of the chunk that answer it, as plain speech', () => {
    const reply = offlineReply(turn('What languages can you speak?', { knowledge_retrieval: knowledge([hit()]) }), ctx);
    expect(reply).toMatch(/^I can speak English, German, French, Chinese and Spanish\./);
    // The sentence that answers, not the chunk's beginning.
    const cannot = hit({ text: 'I cannot walk around or pick things up. I cannot take payments or make phone calls.', headings: ['What I cannot do'] });
    expect(offlineReply(turn('Can I pay here?', { knowledge_retrieval: { ...knowledge([cannot]), query: 'Can I pay here?' } }), ctx)).toBe('I cannot take payments or make phone calls.');
    expect(offlineReply(turn('Opening hours?', { knowledge_retrieval: knowledge([hit({ text: 'Monday: 9 to 5\nSunday: closed', headings: ['Hours'] })]) }), ctx)).toBe('Monday: 9 to 5. Sunday: closed.');
  });

  it('answers a question the intent model took (unsure) for news about oneself, without thanking for the news, in every language', () => {
    const cannot = (language: KnowledgeHit['language'], text: string) => hit({ language, text, headings: ['What I cannot do'] });
    const asked = [
      ['en', 'Can I pay with my card here?', 'I cannot take payments.'],
      ['de', 'Kann ich hier mit Karte zahlen?', 'Ich kann keine Zahlungen annehmen.'],
      ['fr', 'Je peux payer par carte ici ?', 'Je ne peux pas prendre de paiements.'],
      ['es', '¿Puedo pagar con tarjeta aquí?', 'No puedo cobrar pagos.'],
      ['zh', '这里可以刷卡吗？', '我不能收款。'],
    ] as const;
    for (const [language, text, answer] of asked) {
      const state = turn(text, { language, intent: 'update_user_info', knowledge_retrieval: { ...knowledge([cannot(language, answer)]), query: text } });
      expect(offlineReply(state, ctx), text).toBe(answer);
    }
    // Told, not asked: still thanked for (with the tone-free context, the first thanks line).
    const told = turn('I work at the bakery next door.', { intent: 'update_user_info', knowledge_retrieval: knowledge([]) });
    expect(offlineReply(told, ctx)).toBe(line('info_ack', 'en', ctx));
  });

  it('does not read an English chunk out in German: it says it knows this only in English and offers to say it', () => {
    const state = turn('Welche Sprachen sprichst du?', { language: 'de', knowledge_retrieval: knowledge([hit()]) });
    expect(offlineReply(state, ctx)).toBe('Das weiß ich leider nur auf Englisch. Soll ich es dir auf Englisch sagen?');
    const german = hit({ language: 'de', text: 'Ich spreche Englisch, Deutsch, Französisch, Chinesisch und Spanisch.' });
    expect(offlineReply({ ...state, knowledge_retrieval: knowledge([german, hit()]) }, ctx)).toBe('Ich spreche Englisch, Deutsch, Französisch, Chinesisch und Spanisch.');
  });

  it('says honestly, in the visitor’s language, that it does not know, with what it can do, when no knowledge answers', () => {
    expect(offlineReply(turn('What is the meaning of life?', { knowledge_retrieval: knowledge([]) }), ctx)).toBe(TOOL_LINES.en.knowledge_unknown[0]);
    expect(offlineReply(turn('Wie wird das Wetter?', { language: 'de', knowledge_retrieval: knowledge([]) }), ctx)).toBe(TOOL_LINES.de.knowledge_unknown[0]);
    // Not searched at all (no knowledge base): the "no language model" line.
    expect(offlineReply(turn('What is the meaning of life?', {}), ctx)).toMatch(/my language model isn't available/);
  });

  it('answers an acknowledgement, for which nothing was looked up, with the offer to help, never the refusal', () => {
    const acknowledgements = [['en', 'OK'], ['de', 'Alles klar.'], ['fr', "D'accord."], ['es', 'Vale.'], ['zh', '好的']] as const;
    for (const [language, text] of acknowledgements) {
      expect(TOOL_LINES[language].knowledge_statement, text).toContain(offlineReply(turn(text, { language, knowledge_retrieval: null }), ctx));
    }
  });

  it('answers a remark that asks nothing with an offer to help, not with "I don\'t know that", in every language', () => {
    const remarks = [
      ['en', "I'm here to pick up a parcel for my sister."],
      ['de', 'Ich bin wegen eines Vorstellungsgesprächs hier.'],
      ['fr', 'Je viens chercher un colis.'],
      ['es', 'Buenos días, vengo a recoger un paquete.'],
      ['zh', '我来取一个包裹。'],
    ] as const;
    for (const [language, text] of remarks) {
      expect(TOOL_LINES[language].knowledge_statement, text).toContain(offlineReply(turn(text, { language, knowledge_retrieval: knowledge([]) }), ctx));
    }
    // A question asked with a fact about oneself or a greeting is still answered.
    const newcomer = offlineReply(turn('Hallo! Ich bin neu hier. Wo finde ich die Küche?', { language: 'de', intent: 'update_user_info', knowledge_retrieval: knowledge([]) }), ctx);
    expect(newcomer).toContain(TOOL_LINES.de.knowledge_unknown[0]);
    // Asked without a question mark, as speech-to-text often writes it: still a question.
    expect(offlineReply(turn('can you tell me where the toilets are', { knowledge_retrieval: knowledge([]) }), ctx)).toBe(TOOL_LINES.en.knowledge_unknown[0]);
    expect(offlineReply(turn('Entschuldigung, wo ist die Toilette', { language: 'de', knowledge_retrieval: knowledge([]) }), ctx)).toBe(TOOL_LINES.de.knowledge_unknown[0]);
  });

  it('says what the camera showed, or honestly why it cannot say', () => {
    expect(offlineReply(turn('What do you see?', { vision_results: vision('described', 'A person holding a red mug.') }), ctx)).toBe('A person holding a red mug.');
    expect(offlineReply(turn('What do you see?', { vision_results: vision('timeout') }), ctx)).toBe(TOOL_LINES.en.vision_timeout[0]);
    expect(offlineReply(turn('What do you see?', { vision_results: vision('no_perception') }), ctx)).toBe(TOOL_LINES.en.vision_no_camera[0]);
    expect(offlineReply(turn('Was siehst du?', { language: 'de', vision_results: vision('no_model') }), ctx)).toBe(TOOL_LINES.de.vision_no_model[0]);
    // The view wins over knowledge (it is what was asked about).
    expect(offlineReply(turn('What do you see?', { vision_results: vision('failed'), knowledge_retrieval: knowledge([hit()]) }), ctx)).toBe(TOOL_LINES.en.vision_failed[0]);
  });

  it('reads a web answer, or says the search failed', () => {
    const found: SearchResults = { status: 'ok', query: 'q', answers: ['Paris: 24 °C, sunny'], results: [], detail: null };
    expect(offlineReply(turn('Weather in Paris?', { search_results: found }), ctx)).toBe('Here is what I found on the web: Paris: 24 °C, sunny.');
    expect(offlineReply(turn('Weather in Paris?', { search_results: { ...found, status: 'failed', answers: [] } }), ctx)).toBe(TOOL_LINES.en.search_failed[0]);
  });

  it('greets, then answers, when a greeting comes with a question', () => {
    const reply = offlineReply(turn('Hello! What languages can you speak?', { intent: 'first_greeting', knowledge_retrieval: knowledge([hit()]) }), ctx);
    expect(reply).toMatch(/^Hello! I'm Nadine\. .* I can speak English, German/);
  });
});

describe('the response prompt with tool results', () => {
  const config = testConfig();
  const prompt = (patch: Partial<TurnState>) => modelInstructions(turn('q', patch), config, new Date('2026-11-21T10:00:00Z'));

  it('gives the knowledge found with its headings, or says nothing was found', () => {
    expect(prompt({ knowledge_retrieval: knowledge([hit()]) })).toContain('from your knowledge files (answer from it, in your own words; do not mention the files):\n[What I can do — Languages] I can speak English');
    // Every question is looked up; finding nothing is no news for the model.
    expect(prompt({ knowledge_retrieval: knowledge([]) })).not.toContain('knowledge files');
    expect(prompt({})).not.toMatch(/knowledge files/);
  });

  it('gives what the camera showed, or tells the model not to describe anything', () => {
    expect(prompt({ vision_results: vision('described', 'A person holding a red mug.') })).toContain('What you see: A person holding a red mug. Answer from this');
    for (const status of ['timeout', 'no_perception', 'no_model', 'failed'] as const) {
      expect(prompt({ vision_results: vision(status) })).toMatch(/Say so honestly, and do not describe anything: you did not see it\./);
    }
    expect(prompt({ vision_results: vision('timeout') })).toContain('no picture arrived in time');
  });

  it('gives web results, or says the search failed', () => {
    const r: SearchResults = { status: 'ok', query: 'weather', answers: ['24 °C'], results: [{ title: 'T', url: 'https://x', snippet: 'S' }], detail: null };
    expect(prompt({ search_results: r })).toContain('You searched the web for "weather". What you found (say it is from the web; do not read out addresses):\n- 24 °C\n- T: S (https://x)');
    expect(prompt({ search_results: { ...r, status: 'failed' } })).toContain('the search failed');
  });
});

describe('the graph with tools', () => {
  it('runs the planned tools after appraisal, in plan order, and leaves out what is off', async () => {
    const config = testConfig({ agents: { search: true }, search: { url: 'http://127.0.0.1:9' } });
    const graph = buildDialogueGraph(config);
    expect(Object.keys(graph.nodes)).toEqual(['intent', 'agreement', 'memory_update', 'contextualize', 'plan', 'recall', 'appraisal', 'alerts', 'vision', 'search', 'response', 'after_response', 'profile_refine']);
    // Where the graph goes after a node, on a turn with this plan.
    const next = (g: typeof graph, from: keyof typeof graph.edges, plan_steps: TurnState['plan_steps']) => {
      const edge = g.edges[from]!;
      return typeof edge === 'string' ? edge : edge.choose(turn('q', { plan_steps }));
    };
    const searchThenVision: TurnState['plan_steps'] = [{ tool: 'search', query: 'a' }, { tool: 'vision', query: 'b' }];
    expect(next(graph, 'alerts', searchThenVision)).toBe('search');
    expect(next(graph, 'search', searchThenVision)).toBe('vision');
    expect(next(graph, 'vision', searchThenVision)).toBe('response');
    // A planned tool that is off is passed over.
    const visionOnly = buildDialogueGraph(testConfig());
    expect(Object.keys(visionOnly.nodes)).toContain('vision');
    expect(Object.keys(visionOnly.nodes)).not.toContain('search');
    expect(next(visionOnly, 'alerts', [{ tool: 'search', query: 'a' }])).toBe('response');

    // A planner that asks for search, then vision: the turn visits them in that order.
    const planner = defineAgent({ name: 'plan', reads: [], writes: ['plan_steps'], run: () => ({ plan_steps: [{ tool: 'search' as const, query: 'a' }, { tool: 'vision' as const, query: 'b' }] }) });
    const { turns } = createDialogue({ ports: daemonPorts(config), graph: { ...graph, nodes: { ...graph.nodes, plan: planner } }, log: silentLogger, health: new Health() });
    const result = await turns.submit({ text: 'Search the news, and what do you see?' });
    expect(result!.run.path.slice(-5)).toEqual(['search', 'vision', 'response', 'after_response', 'profile_refine']);

    const none = buildDialogueGraph(testConfig({ agents: { knowledge: false, vision: false, memory: false } }));
    expect(Object.keys(none.nodes)).toEqual(['intent', 'agreement', 'appraisal', 'alerts', 'response', 'after_response']);
    const noVision = buildDialogueGraph(testConfig({ agents: { vision: false } }));
    expect(Object.keys(noVision.nodes)).toEqual(['intent', 'agreement', 'memory_update', 'contextualize', 'recall', 'appraisal', 'alerts', 'response', 'after_response', 'profile_refine']);
  });
});

describe('the turn event', () => {
  it('carries the plan, the tool results cut short, and the standalone question', () => {
    const long = 'x'.repeat(1000);
    const state = turn('What do you see?', {
      standalone_question: 'What do you see?',
      plan_steps: [{ tool: 'vision', query: 'What do you see?' }, { tool: 'search', query: 'camera' }],
      plan_source: 'rules',
      knowledge_retrieval: knowledge([hit({ text: long, similarity: 0.61234 })]),
      vision_results: vision('described', long),
      search_results: { status: 'ok', query: 'q', answers: [long], results: [{ title: 't', url: 'u', snippet: long }], detail: null },
      final_message: 'ok',
    });
    const event = TurnEventSchema.parse(
      buildTurnEvent({ state, run: { state, timings: {}, spans: [], path: [], errors: [], cancelled: false }, userText: 'What do you see?', ts: new Date(), totalMs: 1, modelMs: {}, degraded: [] }),
    );
    expect(event.plan).toEqual({ steps: state.plan_steps, source: 'rules' });
    expect(event.standalone_question).toBe('What do you see?');
    expect(event.knowledge!.hits[0]).toMatchObject({ id: 'what-i-can-do.md::1', heading: 'What I can do — Languages', similarity: 0.612 });
    expect(event.knowledge!.hits[0]!.text.length).toBe(300);
    expect(event.vision).toMatchObject({ status: 'described' });
    expect(event.vision!.description!.length).toBe(300);
    expect(event.search!.answers[0]!.length).toBe(300);
    expect(event.search!.results[0]!.snippet.length).toBe(300);
  });
});
