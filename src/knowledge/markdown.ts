import { decodeHTML } from 'entities';
import { Lexer, marked, type Token, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * Markdown as the knowledge base reads it: front matter, then sections cut at `#` and `##`
 * headings, each section's body as plain text. marked's lexer does the CommonMark parsing (a `#`
 * inside a code fence, a setext heading, an HTML block are what they are); this file only walks
 * its tokens.
 */

export interface FrontMatter {
  title: string | null;
  /** Language tag the file declares ("de", "de-DE"), if any. */
  language: string | null;
}

export interface Section {
  /** The `#` heading above this section, if any. */
  title: string | null;
  /** The `##` heading above this section (under its title), if any. */
  heading: string | null;
  /** Plain text: paragraphs separated by a blank line, one list item or table row per line. */
  text: string;
  /** How visitors ask for this section, from its `Questions:` lines (not part of its text). */
  questions: string[];
  /** Headings of sections on nearly the same topic, from its `See also:` line (absent when there is none). */
  related?: string[];
}

export interface ParsedMarkdown {
  frontMatter: FrontMatter;
  sections: Section[];
  /** Problems that did not stop parsing (e.g. unreadable front matter). */
  warnings: string[];
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const FrontMatterSchema = z
  .object({
    title: z.string().trim().min(1).optional().catch(undefined),
    language: z.string().trim().min(1).optional().catch(undefined),
    lang: z.string().trim().min(1).optional().catch(undefined),
  })
  .loose();

/** Splits off a YAML front matter block; a block that is not a YAML mapping is dropped with a warning. */
export function splitFrontMatter(source: string): { frontMatter: FrontMatter; body: string; warning: string | null } {
  const empty: FrontMatter = { title: null, language: null };
  const match = FRONT_MATTER.exec(source);
  if (!match) return { frontMatter: empty, body: source.replace(/^\uFEFF/, ''), warning: null };
  const body = source.slice(match[0].length);
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (err) {
    return { frontMatter: empty, body, warning: `front matter is not valid YAML: ${(err as Error).message.split('\n')[0]}` };
  }
  if (data === null || data === undefined) return { frontMatter: empty, body, warning: null };
  const parsed = FrontMatterSchema.safeParse(data);
  if (!parsed.success) return { frontMatter: empty, body, warning: 'front matter is not a YAML mapping' };
  return { frontMatter: { title: parsed.data.title ?? null, language: parsed.data.language ?? parsed.data.lang ?? null }, body, warning: null };
}

// Soft line breaks inside a paragraph are spaces; hard breaks (`br`) become newlines below.
const clean = (text: string) => decodeHTML(text).replace(/[ \t\u00a0]*\n[ \t\u00a0]*/g, ' ').replace(/[ \t\u00a0]+/g, ' ');

/** Plain text of inline tokens: emphasis, links and code spans keep their words; HTML tags go. */
export function inlineText(tokens: readonly Token[]): string {
  let out = '';
  for (const token of tokens) {
    switch (token.type) {
      case 'html':
      case 'checkbox':
        break;
      case 'br':
        out += '\n';
        break;
      case 'codespan':
        out += (token as Tokens.Codespan).text;
        break;
      case 'image':
        out += clean((token as Tokens.Image).text);
        break;
      default: {
        const nested = (token as { tokens?: Token[] }).tokens;
        out += nested ? inlineText(nested) : clean((token as { text?: string }).text ?? '');
      }
    }
  }
  return out;
}

const line = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

/** Plain text of one block token ('' for what carries no words: rules, blank space, comments). */
export function blockText(token: Token): string {
  switch (token.type) {
    case 'space':
    case 'hr':
    case 'def':
      return '';
    case 'code':
      return (token as Tokens.Code).text.trim();
    case 'html':
      // Comments are notes for the keepers, not knowledge; other HTML keeps its words.
      return line(clean((token as Tokens.HTML).text.replace(/<!--[\s\S]*?-->/g, '').replace(/<[^>]*>/g, ' ')));
    case 'list':
      return (token as Tokens.List).items.map((item) => line(blocksText(item.tokens))).filter(Boolean).join('\n');
    case 'table': {
      const table = token as Tokens.Table;
      const header = table.header.map((cell) => line(inlineText(cell.tokens)));
      return table.rows
        .map((row) => row.map((cell, i) => [header[i], line(inlineText(cell.tokens))].filter(Boolean).join(': ')).join(', '))
        .join('\n');
    }
    case 'blockquote':
      return blocksText((token as Tokens.Blockquote).tokens);
    default: {
      const nested = (token as { tokens?: Token[] }).tokens;
      return nested ? inlineText(nested).trim() : line(clean((token as { text?: string }).text ?? ''));
    }
  }
}

function blocksText(tokens: readonly Token[]): string {
  return tokens
    .map(blockText)
    .map((t) => t.trim())
    .filter(Boolean)
    .join('\n\n');
}

/** A paragraph `<keyword>: a | b | c` as its items (a line break separates items too), or null. */
function listLine(token: Token, keyword: RegExp): string[] | null {
  if (token.type !== 'paragraph' || !new RegExp(`^${keyword.source}\\s*:`, 'i').test(blockText(token).trim())) return null;
  // Line by line: a soft line break is a space in text, but here it separates items as `|` does (a list written one item a line, or wrapped).
  const lines = token.raw.split('\n').map((l) => inlineText(Lexer.lexInline(l)).trim());
  const match = new RegExp(`^${keyword.source}\\s*:\\s*([\\s\\S]*)$`, 'i').exec(lines.join('\n').trim());
  if (!match) return null;
  return match[1]!
    .split(/\s*[|\n]\s*/)
    .map((q) => q.trim())
    .filter(Boolean);
}

/**
 * A `Questions:` paragraph lists ways a visitor may ask for its section, separated by `|`:
 *
 *     Questions: What can you do? | What are you good at? | How can you help me?
 *
 * A line break separates questions too. The keyword is English in every language's file (it is
 * markup, not knowledge); the questions are in the file's language. Null for any other paragraph.
 */
export const questionsLine = (token: Token): string[] | null => listLine(token, /questions/);

/**
 * A `See also:` paragraph names the `##` headings of sections on nearly the same topic, in any
 * file, separated by `|`:
 *
 *     See also: Languages | Greeting and remembering people
 *
 * A question about their common topic ("Can you speak French?" of "Changing the language" and
 * "Languages") is answered by either, so the best of them is not refused for being close to the
 * other (see hybrid.ts). Null for any other paragraph.
 */
export const relatedLine = (token: Token): string[] | null => listLine(token, /see\s+also/);

/**
 * Front matter, then sections: a `#` heading starts a new top section, a `##` heading a
 * sub-section under it; deeper headings stay inside their section as a line of text. Sections
 * without any text (a heading followed directly by another) are left out, with their questions.
 */
export function parseMarkdown(source: string): ParsedMarkdown {
  const { frontMatter, body, warning } = splitFrontMatter(source.replace(/\r\n?/g, '\n'));
  const sections: Section[] = [];
  let h1: string | null = null;
  let h2: string | null = null;
  let blocks: string[] = [];
  let questions: string[] = [];
  let related: string[] = [];
  const flush = () => {
    const text = blocks.filter(Boolean).join('\n\n').trim();
    if (text) sections.push({ title: h1 || null, heading: h2 || null, text, questions, ...(related.length && { related }) });
    blocks = [];
    questions = [];
    related = [];
  };
  for (const token of marked.lexer(body)) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth <= 2) {
      flush();
      const text = line(inlineText((token as Tokens.Heading).tokens));
      if ((token as Tokens.Heading).depth === 1) [h1, h2] = [text, null];
      else h2 = text;
      continue;
    }
    const asked = questionsLine(token);
    const seeAlso = asked ? null : relatedLine(token);
    if (asked) questions.push(...asked);
    else if (seeAlso) related.push(...seeAlso);
    else blocks.push(blockText(token).trim());
  }
  flush();
  return { frontMatter, sections, warnings: warning ? [warning] : [] };
}
