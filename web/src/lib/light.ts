import type { LightLevel } from '@model/light';
import { translate } from './i18n/i18n';
import { defineMessages, type Message } from './i18n/messages';

const messages = defineMessages({
  low: { id: 'places.light.low', message: 'low light' },
  medium: { id: 'places.light.medium', message: 'medium light' },
  brightIndirect: { id: 'places.light.brightIndirect', message: 'bright, indirect light' },
  fullSun: { id: 'places.light.fullSun', message: 'full sun' },
  lowOption: { id: 'places.light.option.low', message: 'Low light' },
  mediumOption: { id: 'places.light.option.medium', message: 'Medium light' },
  brightIndirectOption: { id: 'places.light.option.brightIndirect', message: 'Bright, indirect light' },
  fullSunOption: { id: 'places.light.option.fullSun', message: 'Full sun' },
});

/*
 * The words are read where they are shown: each read of LIGHT_WORDS[level] or an option's `label`
 * translates, so a component that renders them (and re-renders with useT) shows them in the app's
 * language. A sentence that names a level says it in its own message, with `lightKey` (the words,
 * articles and order differ by language).
 */

/**
 * A light level of the species catalogue in words, in the app's language, as a species' card says
 * it ("Light: bright, indirect light").
 */
export const LIGHT_WORDS: Readonly<Record<LightLevel, string>> = {
  get low() {
    return translate(messages.low);
  },
  get medium() {
    return translate(messages.medium);
  },
  get 'bright-indirect'() {
    return translate(messages.brightIndirect);
  },
  get 'full-sun'() {
    return translate(messages.fullSun);
  },
};

const option = (value: LightLevel, label: Message) => ({
  value,
  get label() {
    return translate(label);
  },
});

/** The levels from the most light to the least, as a place's light select offers them, in the app's language. */
export const LIGHT_OPTIONS: readonly { readonly value: LightLevel; readonly label: string }[] = [
  option('full-sun', messages.fullSunOption),
  option('bright-indirect', messages.brightIndirectOption),
  option('medium', messages.mediumOption),
  option('low', messages.lowOption),
];

/** A select's key in ICU MessageFormat has no hyphen. */
const KEYS: Record<LightLevel, string> = {
  low: 'low',
  medium: 'medium',
  'bright-indirect': 'brightIndirect',
  'full-sun': 'fullSun',
};

/**
 * A light level as a message's `select` names it: `{light, select, low {...} medium {...}
 * brightIndirect {...} other {...full sun...}}`.
 */
export const lightKey = (level: LightLevel): string => KEYS[level];
