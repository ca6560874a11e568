import type { CareTask } from '@model/care-tasks';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { careLevelWord } from '@/lib/plant-status-words';
import { serverFieldSentence } from '@/lib/use-api-error';
import { categoryWord } from './plant-words';

/*
 * The plant forms' sentences for a field that is not right, in the app's language. The shared
 * model (@model, functions/src/model) says them in English, for the API and for the server's 400s;
 * the web says each in its own message, found by the field and what is wrong with it. The English
 * of each message is the model's, word for word. A field or a problem not named here keeps the
 * model's English (none that these forms can cause).
 */
const messages = defineMessages({
  required: {
    id: 'plants.invalid.required',
    message:
      '{field, select, plantName {Plant name is required.} category {Category is required.} careLevel {Care level is required.} wateringFrequency {Watering frequency is required.} healthStatus {Health status is required.} lastWateredDate {Last watered date is required.} nextWateringDate {Next watering date is required.} description {Description is required.} other {Image is required.}}',
  },
  tooLong: {
    id: 'plants.invalid.tooLong',
    message:
      '{field, select, plantName {Plant name must be at most {max} characters.} wateringFrequency {Watering frequency must be at most {max} characters.} healthStatus {Health status must be at most {max} characters.} description {Description must be at most {max} characters.} other {Image URL must be at most {max} characters.}}',
  },
  realDate: {
    id: 'plants.invalid.realDate',
    message:
      '{field, select, lastWateredDate {Last watered date must be a real date written YYYY-MM-DD.} other {Next watering date must be a real date written YYYY-MM-DD.}}',
  },
  oneOf: {
    id: 'plants.invalid.oneOf',
    message:
      '{field, select, category {Category must be one of: {options}.} other {Care level must be one of: {options}.}}',
  },
  imageUrl: { id: 'plants.invalid.imageUrl', message: 'Image must be an http or https URL.' },
  careTooLong: {
    id: 'plants.invalid.care.tooLong',
    message:
      '{task, select, fertilize {Fertilizing frequency must be at most {max} characters.} repot {Repotting frequency must be at most {max} characters.} prune {Pruning frequency must be at most {max} characters.} other {Misting frequency must be at most {max} characters.}}',
  },
  careRealDate: {
    id: 'plants.invalid.care.realDate',
    message:
      '{task, select, fertilize {Next fertilizing date must be a real date written YYYY-MM-DD.} repot {Next repotting date must be a real date written YYYY-MM-DD.} prune {Next pruning date must be a real date written YYYY-MM-DD.} other {Next misting date must be a real date written YYYY-MM-DD.}}',
  },
});

/** What is wrong with a field, as the model's schemas can say it. */
type FieldProblem =
  | { kind: 'required' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'realDate' }
  | { kind: 'oneOf'; options: readonly string[] }
  | { kind: 'imageUrl' };

/** The fields each problem has a sentence for (the `other` of a select is the last one). */
const FIELDS: Record<FieldProblem['kind'], readonly string[]> = {
  required: [
    'plantName',
    'category',
    'careLevel',
    'wateringFrequency',
    'healthStatus',
    'lastWateredDate',
    'nextWateringDate',
    'description',
    'image',
  ],
  tooLong: ['plantName', 'wateringFrequency', 'healthStatus', 'description', 'image'],
  realDate: ['lastWateredDate', 'nextWateringDate'],
  oneOf: ['category', 'careLevel'],
  imageUrl: ['image'],
};

const CARE_FIELD = /^care\.(fertilize|repot|prune|mist)\.(frequency|nextDate)$/;

/** The options of a one-of in the reader's words, as the model lists them (", " between). */
function optionWords(field: string, options: readonly string[]): string {
  const word = field === 'category' ? categoryWord : careLevelWord;
  return options.map((option) => word(option, translate)).join(', ');
}

/**
 * The sentence for `problem` with the field at `path` ('plantName', 'care.repot.frequency'), in
 * the app's language; undefined when the web has none (the model's English is said instead).
 */
export function fieldMessage(path: string, problem: FieldProblem): string | undefined {
  const care = CARE_FIELD.exec(path);
  if (care) {
    const task = care[1] as CareTask;
    if (care[2] === 'frequency' && problem.kind === 'tooLong')
      return translate(messages.careTooLong, { task, max: problem.max });
    if (care[2] === 'nextDate' && problem.kind === 'realDate') return translate(messages.careRealDate, { task });
    return undefined;
  }
  if (!FIELDS[problem.kind].includes(path)) return undefined;
  switch (problem.kind) {
    case 'required':
      return translate(messages.required, { field: path });
    case 'tooLong':
      return translate(messages.tooLong, { field: path, max: problem.max });
    case 'realDate':
      return translate(messages.realDate, { field: path });
    case 'oneOf':
      return translate(messages.oneOf, { field: path, options: optionWords(path, problem.options) });
    case 'imageUrl':
      return translate(messages.imageUrl);
  }
}

/** The parts of a zod issue the sentences need (the form's parse reports the input). */
interface SchemaIssue {
  code: string;
  input?: unknown;
  maximum?: unknown;
  values?: readonly unknown[];
}

/** What a zod issue of the model's plant schemas says is wrong; undefined for anything else. */
export function problemOfIssue(path: string, issue: SchemaIssue): FieldProblem | undefined {
  const blank = issue.input === undefined || issue.input === null || issue.input === '';
  switch (issue.code) {
    case 'invalid_type':
    case 'too_small':
      return blank ? { kind: 'required' } : undefined;
    case 'too_big':
      return typeof issue.maximum === 'number' ? { kind: 'tooLong', max: issue.maximum } : undefined;
    case 'custom':
      return path === 'image' ? { kind: 'imageUrl' } : { kind: 'realDate' };
    case 'invalid_value':
      return blank ? { kind: 'required' } : { kind: 'oneOf', options: (issue.values ?? []).map(String) };
    default:
      return undefined;
  }
}

/**
 * What a sentence of the model's says is wrong, read from its English: the server's 400 names each
 * field with nothing but its sentence. Undefined for a sentence the model's plant fields never say.
 */
function problemOfSentence(sentence: string): FieldProblem | undefined {
  if (sentence === messages.imageUrl.message) return { kind: 'imageUrl' };
  if (/ is required\.$/.test(sentence)) return { kind: 'required' };
  if (/ must be a real date written YYYY-MM-DD\.$/.test(sentence)) return { kind: 'realDate' };
  const tooLong = / must be at most (\d+) characters\.$/.exec(sentence);
  if (tooLong) return { kind: 'tooLong', max: Number(tooLong[1]) };
  const oneOf = / must be one of: (.+)\.$/.exec(sentence);
  if (oneOf) return { kind: 'oneOf', options: oneOf[1]!.split(', ') };
  return undefined;
}

/**
 * The server's sentence for the field at `path`, in the app's language: the web's when it knows
 * it, else as serverFieldSentence says it (never the server's English in another language).
 */
export function serverFieldMessage(path: string, sentence: string): string {
  const problem = problemOfSentence(sentence);
  return (problem && fieldMessage(path, problem)) ?? serverFieldSentence(sentence);
}
