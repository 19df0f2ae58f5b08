export { cleanupFrames, framesDir, PerceptionCamera } from './camera.js';
export { waitForFrame } from './frame.js';
export type { ImageKind, WaitOptions, WaitResult } from './frame.js';
export { VisionResultSchema, VisionStatusSchema } from './port.js';
export type { CameraPort, CaptureRequester, CaptureResult, VisionResult, VisionStatus } from './port.js';
export { visionMessages } from './prompt.js';
