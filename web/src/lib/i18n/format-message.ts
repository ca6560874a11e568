import type { CompiledIcuChoices, CompiledMessage } from '@lingui/message-utils/compileMessage';

/*
 * English's messages with placeholders, formatted without Lingui's runtime: English has no
 * catalogue, so a page read in English (`/` first of all) downloads no Lingui (1.9 KB gzipped); it
 * comes with another language's catalogue, which it formats (i18n.ts). The same text as Lingui's
 * own formatting of the build's compiled messages, for what the app's messages use: arguments,
 * `number`, `plural` with `#` and `select` (format-message.test.ts holds every English message of
 * the app to Lingui's result, and refuses a form this does not know).
 */

type Values = Readonly<Record<string, unknown>>;

/** The forms this formats: the ICU types the app's messages use. */
export const FORMATTED_TYPES = ['number', 'plural', 'select'] as const;

const kept = new Map<string, Intl.NumberFormat | Intl.PluralRules>();

/** Intl's number format or plural rules for `locale`, built on first use and kept (as Lingui keeps its own). */
function intl<T extends Intl.NumberFormat | Intl.PluralRules>(key: string, build: () => T): T {
  let value = kept.get(key) as T | undefined;
  if (!value) kept.set(key, (value = build()));
  return value;
}

const numberFormat = (locale: string, style?: string) =>
  intl(`number ${locale} ${style}`, () => new Intl.NumberFormat([locale, 'en'], { style: style as 'decimal' }));

/** `message` with its placeholders filled from `values`, numbers and plurals in `locale`'s way. */
export function formatMessage(message: CompiledMessage, values: Values, locale: string): string {
  const format = (tokens: CompiledMessage, count?: string): string =>
    tokens
      .map((token) => {
        if (typeof token === 'string') return token === '#' && count !== undefined ? count : token;
        const [name, type, options] = token;
        const value = values[name];
        if (type === 'number') return numberFormat(locale, options as string | undefined).format(value as number);
        if (type === 'plural') {
          const { offset = 0, ...choices } = options as CompiledIcuChoices;
          const rules = intl(`plural ${locale}`, () => new Intl.PluralRules([locale, 'en']));
          const n = (value as number) - offset;
          const choice = choices[value as number] ?? choices[rules.select(n)] ?? choices.other!;
          return format(choice, numberFormat(locale).format(n));
        }
        if (type === 'select')
          return format((options as CompiledIcuChoices)[value as string] ?? (options as CompiledIcuChoices).other!);
        return value == null ? '' : String(value);
      })
      .join('');
  return format(message);
}
