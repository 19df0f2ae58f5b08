/**
 * Hidden reasoning in a model's text stream. Reasoning models (Qwen3, DeepSeek-R1 distills, many
 * GGUF and OpenAI-compatible servers) write their thoughts inline as <think>…</think> or
 * <thinking>…</thinking> before, or sometimes after, the answer. What is inside must never be
 * spoken nor parsed as the answer. This is a pure state machine over text chunks: a tag may be cut
 * anywhere by the stream, so a chunk's tail that could still become a tag is held back until the
 * next chunk says what it is.
 */

export type ReasoningPiece = { kind: 'answer' | 'reasoning'; text: string };

const OPEN = ['<think>', '<thinking>'];
const CLOSE = ['</think>', '</thinking>'];

/** The first complete tag of `tags` in `text` (case-insensitive), or the start of a tail that may still become one. */
function scan(text: string, tags: string[]): { at: number; tag: string } | { partialAt: number } | null {
  const lower = text.toLowerCase();
  let best: { at: number; tag: string } | null = null;
  for (const tag of tags) {
    const at = lower.indexOf(tag);
    if (at >= 0 && (!best || at < best.at || (at === best.at && tag.length > best.tag.length))) best = { at, tag };
  }
  if (best) return best;
  // A tail like "<", "<thi" or "</think" is held back: the next chunk may complete it.
  const lt = lower.lastIndexOf('<');
  if (lt >= 0 && tags.some((tag) => tag.startsWith(lower.slice(lt)))) return { partialAt: lt };
  return null;
}

export class ReasoningFilter {
  #inside = false;
  #held = '';
  /** Whitespace right after a closing tag ("</think>\n\nHello") is layout, not answer. */
  #afterClose = false;

  /** Splits one streamed chunk into answer and reasoning; a possible tag at its end waits for the next chunk. */
  push(chunk: string): ReasoningPiece[] {
    const out: ReasoningPiece[] = [];
    let text = this.#held + chunk;
    this.#held = '';
    while (text) {
      // Outside a block a closing tag is looked for too: templates that open the block in the prompt
      // leave only "</think>" in the output, and the tag itself must not be spoken.
      const found = scan(text, this.#inside ? CLOSE : [...OPEN, ...CLOSE]);
      if (found === null) {
        this.#emit(out, text);
        break;
      }
      if ('partialAt' in found) {
        this.#emit(out, text.slice(0, found.partialAt));
        this.#held = text.slice(found.partialAt);
        break;
      }
      this.#emit(out, text.slice(0, found.at));
      this.#inside = OPEN.includes(found.tag);
      this.#afterClose = !this.#inside;
      text = text.slice(found.at + found.tag.length);
    }
    return out;
  }

  /** The end of the stream: a held tail was not a tag after all; an unclosed block stays reasoning. */
  end(): ReasoningPiece[] {
    const out: ReasoningPiece[] = [];
    this.#emit(out, this.#held);
    this.#held = '';
    return out;
  }

  #emit(out: ReasoningPiece[], text: string): void {
    if (!this.#inside && this.#afterClose) {
      text = text.trimStart();
      if (text) this.#afterClose = false;
    }
    if (!text) return;
    const kind = this.#inside ? 'reasoning' : 'answer';
    const last = out.at(-1);
    if (last?.kind === kind) last.text += text;
    else out.push({ kind, text });
  }
}

/** The answer text of `pieces`, to be spoken; every piece, answer and reasoning, goes to the call's record. */
export function* answerOf(pieces: ReasoningPiece[], record: { text(t: string): void; reasoning(t: string): void }): Generator<string> {
  for (const piece of pieces) {
    if (piece.kind === 'reasoning') record.reasoning(piece.text);
    else {
      record.text(piece.text);
      yield piece.text;
    }
  }
}

/** A whole text split at once: the answer without its reasoning, and the reasoning. */
export function splitReasoning(text: string): { answer: string; reasoning: string } {
  const filter = new ReasoningFilter();
  const pieces = [...filter.push(text), ...filter.end()];
  const of = (kind: ReasoningPiece['kind']) =>
    pieces
      .filter((p) => p.kind === kind)
      .map((p) => p.text)
      .join('');
  return { answer: of('answer'), reasoning: of('reasoning') };
}
