/**
 * Prefill and decode rates (tokens per second) of qwen2.5-class models on three kinds of robot
 * computer, for the latency-modelled model server. Sources and derivations: docs/latency.md.
 */
export interface Rates {
  prefill: number;
  decode: number;
}

export interface LatencyProfile {
  name: string;
  description: string;
  models: Record<ModelClass, Rates>;
  /** Delays are multiplied by this so that the slow profile finishes in minutes; results are divided back. */
  timeScale: number;
}

export type ModelClass = '3b' | '7b';

/** qwen2.5:3b is the 3b class; everything else the configuration names (7b, 7b-vl) the 7b class. */
export function modelClass(model: string): ModelClass {
  return /(^|[^\d.])(0\.5|1\.5|3)b/i.test(model) ? '3b' : '7b';
}

export const PROFILES: readonly LatencyProfile[] = [
  {
    name: 'desktop-gpu',
    description: 'RTX 4090-class GPU, llama.cpp CUDA, Q4_K_M',
    models: { '7b': { prefill: 4500, decode: 90 }, '3b': { prefill: 9000, decode: 180 } },
    timeScale: 1,
  },
  {
    name: 'jetson-orin',
    description: 'Jetson Orin Nano Super 8 GB (embedded GPU), INT4',
    models: { '7b': { prefill: 220, decode: 21.75 }, '3b': { prefill: 500, decode: 43 } },
    timeScale: 1,
  },
  {
    name: 'cpu',
    description: '4-core desktop CPU, llama.cpp/Ollama, Q4',
    models: { '7b': { prefill: 13.8, decode: 3.8 }, '3b': { prefill: 32, decode: 7 } },
    timeScale: 0.05,
  },
];
