import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { LanguageSchema } from '../config/index.js';
import { detectSignal, type phraseLists } from './detect.js';
import type { Classifier } from './opinion.js';
import { readVisitor } from './visitor.js';

/**
 * The labelled utterance sets of eval/alerts (tab-separated: label, language, text), and how the
 * detector does on them: recall of emergencies and requests for a person, and false alarms on
 * ordinary talk and hard negatives ("this heat is killing me").
 */
export const LABELS = ['emergency', 'help_requested', 'distress', 'abuse', 'none'] as const;
/** The development sets (eval/alerts/<name>.tsv): the only ones tuned or trained on. */
export const DEV_SETS = ['dev', 'dev-b', 'dev-c', 'dev-d', 'dev-e', 'dev-f', 'dev-g', 'dev-h', 'dev-i', 'dev-j'] as const;
const RowSchema = z.object({ label: z.enum(LABELS), lang: LanguageSchema, text: z.string().min(1) });
export type LabelledUtterance = z.infer<typeof RowSchema>;

export function loadLabelled(file: string): LabelledUtterance[] {
  const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim());
  return lines.slice(1).map((line, i) => {
    const [label, lang, text] = line.split('\t');
    const row = RowSchema.safeParse({ label, lang, text });
    if (!row.success) throw new Error(`${file}:${i + 2}: ${z.prettifyError(row.error)}`);
    return row.data;
  });
}

/** What one utterance is taken for on its own (distress and abuse raise alerts only when they last). */
export function classify(text: string, lists?: ReturnType<typeof phraseLists>, opinion?: Classifier | null): (typeof LABELS)[number] {
  const signal = opinion === undefined ? detectSignal(text, lists) : detectSignal(text, lists, opinion);
  if (signal) return signal.signal;
  return readVisitor(text, null).abusive ? 'abuse' : 'none';
}

export interface AlertScores {
  /** Emergencies and requests for a person raised as either (of those labelled so). */
  urgentRecall: number;
  urgent: number;
  /** Ordinary talk and hard negatives taken for an emergency or a request for a person. */
  falseAlarmRate: number;
  ordinary: number;
  /** Every label, exactly right. */
  accuracy: number;
  misses: { row: LabelledUtterance; got: string }[];
}

/** `opinion` null: the rules alone; left out: with the shipped classifier. */
export function score(rows: readonly LabelledUtterance[], lists?: ReturnType<typeof phraseLists>, opinion?: Classifier | null): AlertScores {
  const urgent = (l: string) => l === 'emergency' || l === 'help_requested';
  let caught = 0;
  let alarms = 0;
  let right = 0;
  const misses: AlertScores['misses'] = [];
  for (const row of rows) {
    const got = classify(row.text, lists, opinion);
    if (got === row.label) right++;
    else misses.push({ row, got });
    if (urgent(row.label) && urgent(got)) caught++;
    if (row.label === 'none' && urgent(got)) alarms++;
  }
  const nUrgent = rows.filter((r) => urgent(r.label)).length;
  const nOrdinary = rows.filter((r) => r.label === 'none').length;
  return { urgentRecall: caught / Math.max(1, nUrgent), urgent: nUrgent, falseAlarmRate: alarms / Math.max(1, nOrdinary), ordinary: nOrdinary, accuracy: right / Math.max(1, rows.length), misses };
}
