import path from 'node:path';
import type { Config } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { TransformersClipEncoder, type ClipEncoder } from './clip.js';
import { VisualMemory } from './service.js';

/** The CLIP model directory of the configuration: relative to paths.models, or absolute. */
export function clipModelDir(config: Config): string {
  const { model } = config.visualMemory;
  return path.isAbsolute(model) ? model : path.join(config.paths.models, model);
}

/** Where the daemon keeps its own CLIP embeddings: its data directory, outside perception's folders. */
export const clipCacheDir = (config: Config) => path.join(config.paths.data, 'cache', 'clip');

/**
 * Visual memory as configured: null when switched off (`visualMemory.enabled` false, or
 * `agents.memory` false: remembered scenes are memories). Without a usable CLIP model it still
 * runs, matching scene descriptions word by word, and health says so.
 */
export async function startVisualMemory(config: Config, log: Logger, health: Health): Promise<VisualMemory | null> {
  if (!config.agents.memory || !config.visualMemory.enabled) {
    log.info({ memory: config.agents.memory, visualMemory: config.visualMemory.enabled }, 'visual memory disabled by configuration');
    return null;
  }
  const dir = clipModelDir(config);
  let encoder: ClipEncoder | null = null;
  try {
    encoder = await TransformersClipEncoder.load(dir);
    if (encoder.standin) {
      health.set('visual_memory', 'degraded', `stand-in CLIP with random weights at ${dir}: its matches mean nothing (tests and benchmarks only)`);
    } else {
      health.set('visual_memory', 'ok', `CLIP ${encoder.model} (${encoder.dims}-d) from ${dir}`);
    }
  } catch (err) {
    const reason = (err as Error).message;
    log.warn({ err: reason }, 'visual memory: no CLIP model; matching scene descriptions only');
    health.set('visual_memory', 'degraded', `${reason}: scenes are matched by the words of their descriptions only (npm run models:download fetches CLIP)`);
  }
  return new VisualMemory({
    dataDir: config.paths.data,
    cacheDir: clipCacheDir(config),
    encoder,
    settings: {
      threshold: config.visualMemory.threshold,
      alpha: config.visualMemory.alpha,
      lexicalThreshold: config.visualMemory.lexicalThreshold,
      imageScale: config.visualMemory.imageScale,
    },
    log,
  });
}
