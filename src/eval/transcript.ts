import { NOTE, TOPIC, type Heard } from './stage.js';

/** What was said and done, line by line, for the report (repeated detections once). */
export function transcript(heard: readonly Heard[]): string[] {
  const lines: string[] = [];
  const t = (h: Heard) => `${(h.at / 1000).toFixed(2)}s`;
  let seen = '';
  for (const h of heard) {
    if (h.topic === 'graph/user_detected') {
      if (h.text !== seen) lines.push(`${t(h)} perception: ${h.text}`);
      seen = h.text;
      continue;
    }
    if (h.topic === TOPIC.speech) lines.push(`${t(h)} visitor: ${h.text}`);
    else if (h.topic === TOPIC.speak) lines.push(`${t(h)} robot: ${h.text}`);
    else if (h.topic === TOPIC.animation) lines.push(`${t(h)} robot [animation]: ${h.text}`);
    else if (h.topic === TOPIC.userInfo) lines.push(`${t(h)} robot [user_info]: ${h.text}`);
    else if (h.topic === TOPIC.stop) lines.push(`${t(h)} robot [stop_speaking]`);
    else if (h.topic === TOPIC.capture) lines.push(`${t(h)} robot [capture_current_view]`);
    else if (h.topic === TOPIC.session) lines.push(`${t(h)} robot [session]: ${h.text}`);
    else if (h.topic === NOTE) lines.push(`${t(h)} ${h.text}`);
    else if (h.ours && !h.topic.startsWith('agent/feedback')) lines.push(`${t(h)} published ${h.topic}: ${h.text}`);
  }
  return lines;
}
