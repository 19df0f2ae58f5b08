import { z } from 'zod';
import type { Logger } from '../log/index.js';

/**
 * What came of looking: a description, or why there is none. The reply says so honestly rather
 * than invent what the robot did not see.
 */
export const VisionStatusSchema = z.enum(['described', 'no_perception', 'timeout', 'no_model', 'failed']);
export type VisionStatus = z.infer<typeof VisionStatusSchema>;

export const VisionResultSchema = z.object({
  status: VisionStatusSchema,
  /** What the person wanted to know about the view. */
  query: z.string(),
  /** The vision model's description (status "described"). */
  description: z.string().nullable(),
  /** The frame perception wrote, if one arrived. */
  frame: z.string().nullable(),
  /** Why there is no description, for logs and monitors. */
  detail: z.string().nullable(),
});
export type VisionResult = z.infer<typeof VisionResultSchema>;

export type CaptureResult =
  | { status: 'captured'; file: string; image: Buffer; ms: number }
  | { status: 'no_perception' | 'timeout' | 'invalid'; file: string | null; ms: number; detail: string };

/** Whatever can ask the perception process for a frame: false when nobody can be asked (no MQTT connection). */
export interface CaptureRequester {
  requestCapture(file: string): boolean;
}

/** The robot's camera, as the vision agent sees it: ask for the current view, get an image or why not. */
export interface CameraPort {
  capture(turnId: string, context: { signal: AbortSignal; log: Logger }): Promise<CaptureResult>;
}
