import { z } from 'zod';

/**
 * Settings of staff alerts: a leaf module (no imports of the daemon's own), so that the config
 * schema can include it without loading the alerts capability.
 */

const Millis = z.number().int().positive();
const Phrases = z.array(z.string().min(1).max(500)).max(500);
/** Extra phrase patterns (regular expressions, case-insensitive) per language, added to the defaults. */
const PhrasesByLanguage = z
  .strictObject({ en: Phrases.default([]), de: Phrases.default([]), fr: Phrases.default([]), es: Phrases.default([]), zh: Phrases.default([]) })
  .prefault({});

export const AlertsConfigSchema = z
  .strictObject({
    /** An alert of the same kind is raised at most once per visit within this time. */
    repeatAfterMs: Millis.default(300_000),
    /** An alert nobody acknowledged this long is published again, one severity higher. */
    escalateAfterMs: Millis.default(60_000),
    /** How many times an unacknowledged alert is escalated before the robot stops repeating it. */
    maxEscalations: z.number().int().min(0).max(10).default(2),
    /** distress: the visitor's valence at or below this ... */
    distressValence: z.number().min(-1).max(0).default(-0.45),
    /** ... for this many of their consecutive turns. */
    distressTurns: z.number().int().min(1).max(20).default(3),
    /** abuse: this many insults or threats in one visit. */
    abuseCount: z.number().int().min(1).max(20).default(2),
    /** stuck: the robot failed to help the same visitor this many times in a visit (refusals, repeated questions). */
    stuckCount: z.number().int().min(1).max(20).default(3),
    /** Alerts kept for the dashboard and /api/alerts. */
    keep: z.number().int().min(1).max(10_000).default(100),
    /** Extra patterns that raise an emergency, per language (added to the built-in ones). */
    emergencyPhrases: PhrasesByLanguage,
    /** Extra patterns that ask for a person, per language. */
    helpPhrases: PhrasesByLanguage,
    /** Extra patterns that never raise an alert (idioms such as "this heat is killing me"), per language. */
    ignorePhrases: PhrasesByLanguage,
    /**
     * Extra marks of a joke or a hyperbole, per language, added to the lexicons' (docs/alerts.md):
     * anywhere in an utterance, they make an emergency's words a figure of speech ("haha", "mdr").
     * Lexemes, not patterns: words, `word*` for a stem, `*` for any one word.
     */
    hyperbolePhrases: PhrasesByLanguage,
    /**
     * Extra subject pronouns, per language (docs/alerts.md): one between a negator and what follows
     * starts another clause, which the negator does not deny. Single words.
     */
    subjectWords: PhrasesByLanguage,
    /**
     * The probability at or above which the alert classifier (src/alerts/opinion.ts) raises what the
     * rules missed; null: the threshold the training chose (in src/alerts/opinion.json); 1: off.
     */
    classifierThreshold: z.number().gt(0).max(1).nullable().default(null),
  })
  .prefault({});
export type AlertsConfig = z.infer<typeof AlertsConfigSchema>;
