// @vitest-environment node
import path from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage, type CompiledIcuChoices, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { sourceFilesUnder, sourceMessages } from '../../../build/catalogue-check';
import { formatMessage, FORMATTED_TYPES } from './format-message';

const REPOSITORY = path.resolve(import.meta.dirname, '../../../..');

/** Every message the web app shows in English, compiled as the build compiles it. */
const englishMessages = () =>
  [...sourceMessages(sourceFilesUnder(path.join(REPOSITORY, 'web/src'), REPOSITORY)).messages].map(
    ([id, { message }]) => ({ id, compiled: compileMessage(message) }),
  );

/** Each placeholder of `message` by name, with its ICU type ('' for a plain argument) and, for a select, its cases. */
function placeholders(message: CompiledMessage, into = new Map<string, { type: string; cases: string[] }>()) {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type = '', options] = token;
    into.set(name, { type, cases: type === 'select' ? Object.keys(options as CompiledIcuChoices) : [] });
    if (type === 'plural' || type === 'select')
      for (const [key, choice] of Object.entries(options as CompiledIcuChoices))
        if (key !== 'offset' && Array.isArray(choice)) placeholders(choice, into);
  }
  return into;
}

/** Values for every placeholder, the `round`th of several: counts 0, 1, 2, 1234.5 and 0.25, each select's cases and one it has not. */
function valuesFor(message: CompiledMessage, round: number): Record<string, unknown> {
  const counts = [0, 1, 2, 1234.5, 0.25];
  return Object.fromEntries(
    [...placeholders(message)].map(([name, { type, cases }]) => [
      name,
      type === 'select'
        ? ([...cases, 'none of these'][round % (cases.length + 1)] ?? 'other')
        : type
          ? counts[round % counts.length]
          : `<${name} ${round}>`,
    ]),
  );
}

const lingui = (locale: string) => setupI18n({ locale: 'en', locales: [locale], messages: { en: {} } });

describe('English messages without Lingui', () => {
  const messages = englishMessages();
  const withPlaceholders = messages.filter(({ compiled }) => compiled.some((token) => typeof token !== 'string'));

  it('use only the forms formatMessage knows', () => {
    const types = withPlaceholders.flatMap(({ compiled }) =>
      [...placeholders(compiled).values()].map(({ type }) => type),
    );
    expect(withPlaceholders.length).toBeGreaterThan(100);
    expect(types.filter((type) => type && !(FORMATTED_TYPES as readonly string[]).includes(type))).toEqual([]);
  });

  it.each(['en', 'en-GB', 'en-IN'])("read as Lingui's in %s, every one of the app's, every case", (locale) => {
    const i18n = lingui(locale);
    for (const { id, compiled } of withPlaceholders)
      for (let round = 0; round < 10; round++) {
        const values = valuesFor(compiled, round);
        expect({ id, values, text: formatMessage(compiled, values, locale) }).toEqual({
          id,
          values,
          text: i18n._(id, values, { message: compiled as unknown as string }),
        });
      }
  });

  it('count with # in the plural, exact matches first, and an offset', () => {
    const message = compileMessage(
      '{n, plural, offset:1 =0 {nobody} one {you and # other} other {you and # others}} {kind, select, tree {trees} other {plants}} at {share, number, percent}',
    );
    expect(formatMessage(message, { n: 0, kind: 'tree', share: 0.5 }, 'en')).toBe('nobody trees at 50%');
    expect(formatMessage(message, { n: 2, kind: 'fern', share: 1 }, 'en')).toBe('you and 1 other plants at 100%');
    expect(formatMessage(message, { n: 1236, kind: 'fern', share: 0 }, 'en-IN')).toBe(
      'you and 1,235 others plants at 0%',
    );
  });
});
