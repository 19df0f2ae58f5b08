import type { LlmBackend, BackendProbe } from './backend.js';
import type { ProfileName } from '../config/index.js';
import { OllamaBackend } from './ollama.js';

/** One model server (or file), the profiles on it, and what the last probe found there. */
export interface Served {
  backend: LlmBackend;
  profiles: ProfileName[];
  models: string[];
  probe: BackendProbe | null;
  /** Models a call found missing since the last probe. */
  missing: Set<string>;
}

const GB = 1e9;
const gb = (bytes: number) => (bytes / GB).toFixed(1);

function unreachable(backend: LlmBackend, reason: string): string {
  if (backend instanceof OllamaBackend) return `no Ollama server at ${backend.url} (${reason}): the offline responder answers`;
  if (backend.kind === 'openai') return `no answer from ${backend.label} (${reason})`;
  return `${backend.label}: ${reason}`;
}

/** The `llm` health line: every server and model fine, or what is not. */
export function healthDetail(served: Served[], has: (s: Served, model: string) => boolean): { ok: boolean; detail: string } {
  const problems: string[] = [];
  const fine: string[] = [];
  const missing = { ollama: new Set<string>(), other: new Set<string>() };
  for (const s of served) {
    const p = s.probe;
    if (!p?.reachable) {
      problems.push(unreachable(s.backend, p?.reason ?? 'not checked yet'));
      continue;
    }
    const absent = s.models.filter((m) => !has(s, m));
    for (const m of absent) (s.backend.kind === 'ollama' ? missing.ollama : missing.other).add(m);
    if (absent.length) continue;
    const loaded = p.loaded ? ` (loaded: ${p.loaded.join(', ') || 'none'})` : '';
    fine.push(s.backend instanceof OllamaBackend ? `Ollama${p.version ? ` ${p.version}` : ''} at ${s.backend.url}${loaded}` : `${s.backend.label}${loaded}`);
  }
  if (missing.ollama.size) problems.push(`models not pulled: ${[...missing.ollama].join(', ')} (ollama pull <model>)`);
  if (missing.other.size) problems.push(`models not served: ${[...missing.other].join(', ')}`);
  if (problems.length) return { ok: false, detail: `${problems.join('; ')}; agents using them fall back to offline behaviour` };
  return { ok: true, detail: fine.join('; ') };
}

/** Whether the models fit next to each other in `budget` bytes (models of unknown size count as nothing). */
export function memoryVerdict(sizes: { model: string; bytes: number | null }[], budget: number): { over: boolean; detail: string } {
  const known = sizes.filter((s): s is { model: string; bytes: number } => s.bytes !== null);
  const total = known.reduce((sum, s) => sum + s.bytes, 0);
  if (total <= budget) return { over: false, detail: `the configured models fit: ${gb(total)} of ${gb(budget)} GB` };
  const each = known.map((s) => `${s.model} ${gb(s.bytes)} GB`).join(', ');
  return {
    over: true,
    detail: `the configured models need ${gb(total)} GB together (${each}), over the ${gb(budget)} GB budget (llm.memoryBudgetGB): they will be loaded in turn, and a turn may wait for a model to load`,
  };
}
