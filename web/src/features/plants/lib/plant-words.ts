import { translate } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import { wordFor } from '@/lib/plant-status-words';

/*
 * A plant's fields and the model's categories (CATEGORIES), as the plant screens show them in the
 * app's language (its care level and health status: lib/plant-status-words.ts). The values themselves
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

type Translate = typeof translate;

/** A category as the reader's language says it ("succulent", "Fruit"); an unknown one as stored. */
export const categoryWord = (value: string, t: Translate = translate): string => wordFor(CATEGORY_WORDS)(value, t);

/** A select's options for `values`, each labelled in the reader's language. */
export const optionsOf = (
  values: readonly string[],
  word: (value: string, t: Translate) => string,
  t: Translate = translate,
): { value: string; label: string }[] => values.map((value) => ({ value, label: word(value, t) }));
