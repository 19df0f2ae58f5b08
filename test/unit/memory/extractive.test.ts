import { describe, expect, it } from 'vitest';
import { extractiveEpisode, type ConversationText } from '../../../src/memory/index.js';

const u = (content: string) => ({ role: 'user' as const, content });
const a = (content: string) => ({ role: 'assistant' as const, content });

const MARATHON: ConversationText = {
  user_name: 'Alice',
  robot_name: 'Nadine',
  language: 'en',
  messages: [
    u('Hello Nadine!'),
    a('Hello Alice, nice to see you again!'),
    u("I'm training for the Berlin marathon in October. It's my first marathon."),
    a('That sounds exciting! How long have you been training? Keep going.'),
    u('Where is the lift?'),
    a('The lift is right behind you.'),
    u('My sister lives in Lisbon, she runs marathons too.'),
    a('How nice.'),
    u('Bye, see you tomorrow!'),
    a('Goodbye, Alice!'),
  ],
};

/** The quoted passages of a text: “…”. */
const quotes = (text: string) => [...text.matchAll(/“([^”]*)”/g)].map((m) => m[1]!);

describe('extractive episode (no language model)', () => {
  it('quotes only sentences the person said, word for word, and what the robot replied', () => {
    const { episode, highlight } = extractiveEpisode(MARATHON, 3);
    const userText = MARATHON.messages.filter((m) => m.role === 'user').map((m) => m.content).join(' ');
    const robotText = MARATHON.messages.filter((m) => m.role === 'assistant').map((m) => m.content).join(' ');
    const observed = quotes(episode.observation);
    expect(observed.length).toBeGreaterThan(0);
    for (const q of observed) expect(userText).toContain(q);
    for (const q of quotes(episode.action)) expect(robotText).toContain(q);
    expect(episode.observation).toMatch(/^Alice said: /);
    // Nothing of what the robot said is attributed to the person.
    expect(observed.some((q) => robotText.includes(q))).toBe(false);
    expect(highlight).toBe("I'm training for the Berlin marathon in October.");
  });

  it('picks the informative sentences, not greetings, and not the same thing twice', () => {
    const { episode } = extractiveEpisode(MARATHON, 2);
    const observed = quotes(episode.observation);
    expect(observed).toHaveLength(2);
    expect(observed).not.toContain('Hello Nadine!');
    // SumBasic's update: after the first marathon sentence, the next pick is about something else.
    expect(observed).toEqual(["I'm training for the Berlin marathon in October.", 'My sister lives in Lisbon, she runs marathons too.']);
  });

  it('says what it was about from the words used most, leaving out names', () => {
    const { topics, episode } = extractiveEpisode(MARATHON, 3);
    expect(topics[0]).toBe('marathon');
    expect(topics.map((t) => t.toLowerCase())).not.toContain('nadine');
    expect(topics.map((t) => t.toLowerCase())).not.toContain('alice');
    expect(episode.thought).toBe(`It was about ${topics.join(', ')}.`);
  });

  it('answers the best sentence with the reply that followed it, and ends with the goodbye', () => {
    const { episode } = extractiveEpisode(MARATHON, 3);
    expect(episode.action).toBe('I replied: “That sounds exciting! How long have you been training?”');
    expect(episode.result).toBe('Alice said goodbye (“Bye, see you tomorrow!”) after speaking 5 times.');
  });

  it('invents nothing for a conversation with nothing in it', () => {
    const { episode, highlight, topics } = extractiveEpisode({ ...MARATHON, messages: [u('Hi'), a('Hello!'), u('Bye')] }, 3);
    expect(episode).toEqual({
      observation: 'Alice talked with me briefly.',
      thought: 'It was small talk.',
      action: 'I replied: “Hello!”',
      result: 'Alice said goodbye (“Bye”) after speaking 2 times.',
    });
    expect(highlight).toBeNull();
    expect(topics).toEqual([]);
  });

  it('does not take a question as something the person told', () => {
    const { highlight } = extractiveEpisode({ ...MARATHON, messages: [u('Where can I find the Siemens office?'), a('On the third floor.'), u('Bye')] }, 3);
    expect(highlight).toBeNull();
  });

  it('works in Chinese (word segmentation, Chinese sentence ends)', () => {
    const { episode, highlight } = extractiveEpisode(
      { user_name: '李雷', robot_name: 'Nadine', language: 'zh', messages: [u('我在柏林跑马拉松。我妹妹住在里斯本。'), a('太棒了！'), u('再见')] },
      3,
    );
    expect(quotes(episode.observation)).toEqual(['我在柏林跑马拉松。', '我妹妹住在里斯本。']);
    expect(episode.thought).toContain('柏林');
    expect(highlight).toBe('我在柏林跑马拉松。');
  });

  it('is the same for the same conversation (deterministic)', () => {
    expect(extractiveEpisode(MARATHON, 3)).toEqual(extractiveEpisode(MARATHON, 3));
  });
});
