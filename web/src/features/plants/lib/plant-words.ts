import { translate } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';

/*
 * A plant's fields and the model's words for its values (CATEGORIES, CARE_LEVELS,
 * HEALTH_STATUSES), as the plant screens show them in the app's language. The values themselves
 * stay the model's: they are what the API stores and filters on. A value the model does not have
 * (older data) shows as it is stored.
 */
export const fieldLabels = defineMessages({
  plantName: { id: 'plants.field.plantName', message: 'Plant Name' },
  category: { id: 'plants.field.category', message: 'Category' },
  careLevel: { id: 'plants.field.careLevel', message: 'Care Level' },
  wateringFrequency: { id: 'plants.field.wateringFrequency', message: 'Watering Frequency' },
  healthStatus: { id: 'plants.field.healthStatus', message: 'Health Status' },
  lastWateredDate: { id: 'plants.field.lastWateredDate', message: 'Last Watered Date' },
  nextWateringDate: { id: 'plants.field.nextWateringDate', message: 'Next Watering Date' },
  description: { id: 'plants.field.description', message: 'Description' },
  image: { id: 'plants.field.image', message: 'Image' },
});

const values = defineMessages({
  succulent: { id: 'plants.category.succulent', message: 'succulent' },
  fern: { id: 'plants.category.fern', message: 'fern' },
  flowering: { id: 'plants.category.flowering', message: 'flowering' },
  bonsai: { id: 'plants.category.bonsai', message: 'bonsai' },
  fruit: { id: 'plants.category.fruit', message: 'Fruit' },
  flower: { id: 'plants.category.flower', message: 'Flower' },
  vegetable: { id: 'plants.category.vegetable', message: 'Vegetable' },
  herbs: { id: 'plants.category.herbs', message: 'Herbs' },
  easy: { id: 'plants.careLevel.easy', message: 'easy' },
  moderate: { id: 'plants.careLevel.moderate', message: 'moderate' },
  difficult: { id: 'plants.careLevel.difficult', message: 'difficult' },
  healthy: { id: 'plants.health.healthy', message: 'Healthy' },
  needsCare: { id: 'plants.health.needsCare', message: 'Needs Care' },
  critical: { id: 'plants.health.critical', message: 'Critical' },
});

const CATEGORY_WORDS: Record<string, Message> = {
  succulent: values.succulent,
  fern: values.fern,
  flowering: values.flowering,
  bonsai: values.bonsai,
  Fruit: values.fruit,
  Flower: values.flower,
  Vegetable: values.vegetable,
  Herbs: values.herbs,
};

const CARE_LEVEL_WORDS: Record<string, Message> = {
  easy: values.easy,
  moderate: values.moderate,
  difficult: values.difficult,
};

const HEALTH_WORDS: Record<string, Message> = {
  Healthy: values.healthy,
  'Needs Care': values.needsCare,
  Critical: values.critical,
};

type Translate = typeof translate;

const wordFor =
  (words: Record<string, Message>) =>
  (value: string, t: Translate = translate) =>
    Object.hasOwn(words, value) ? t(words[value]!) : value;

/** A category as the reader's language says it ("succulent", "Fruit"); an unknown one as stored. */
export const categoryWord = wordFor(CATEGORY_WORDS);

/** A care level as the reader's language says it ("easy"); an unknown one as stored. */
export const careLevelWord = wordFor(CARE_LEVEL_WORDS);

/** A health status as the reader's language says it ("Needs Care"); an unknown one as stored. */
export const healthWord = wordFor(HEALTH_WORDS);

/** A select's options for `values`, each labelled in the reader's language. */
export const optionsOf = (
  values: readonly string[],
  word: (value: string, t?: Translate) => string,
  t: Translate = translate,
): { value: string; label: string }[] => values.map((value) => ({ value, label: word(value, t) }));
