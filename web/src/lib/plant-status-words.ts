import type { translate } from './i18n/i18n';
import { defineMessages, type Message } from './i18n/messages';

/*
 * A plant's health status and care level (the model's HEALTH_STATUSES and CARE_LEVELS) in the
 * app's language, one word each wherever they are shown: badges, the plant form and filters, the
 * journal's lines. The values stay the model's English: they are what the API stores and filters
 * on. A value the model does not have (older data) shows as it is stored.
 */
const words = defineMessages({
  easy: { id: 'plants.careLevel.easy', message: 'easy' },
  moderate: { id: 'plants.careLevel.moderate', message: 'moderate' },
  difficult: { id: 'plants.careLevel.difficult', message: 'difficult' },
  healthy: { id: 'plants.health.healthy', message: 'Healthy' },
  needsCare: { id: 'plants.health.needsCare', message: 'Needs Care' },
  critical: { id: 'plants.health.critical', message: 'Critical' },
});

const CARE_LEVEL_WORDS: Record<string, Message> = {
  easy: words.easy,
  moderate: words.moderate,
  difficult: words.difficult,
};

const HEALTH_WORDS: Record<string, Message> = {
  Healthy: words.healthy,
  'Needs Care': words.needsCare,
  Critical: words.critical,
};

/**
 * A component's `t` (useT), so it draws again in a new language; `translate` outside React. Asked
 * for, not imported: this module is in the chunk the lazy pages share, and its importing the
 * language store took that store out of the entry chunk into one of its own (+682 B gzipped on
 * `/`, 2026-12-02).
 */
type Translate = typeof translate;

/** The word for `value` in `table`, in the app's language; a value the table lacks as it is. */
export const wordFor =
  (table: Record<string, Message>) =>
  (value: string, t: Translate): string =>
    Object.hasOwn(table, value) ? t(table[value]!) : value;

/** A care level as the reader's language says it ("easy"); an unknown one as stored. */
export const careLevelWord = wordFor(CARE_LEVEL_WORDS);

/** A health status as the reader's language says it ("Needs Care"); an unknown one as stored. */
export const healthWord = wordFor(HEALTH_WORDS);
