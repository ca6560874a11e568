import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, formatLocale, readerLanguage, translate } from './i18n';
import { detectLanguage } from './languages';
import { defineMessages } from './messages';

const messages = defineMessages({
  plants: { id: 'places.plantCount', message: '{count, plural, one {# plant} other {# plants}}' },
});

afterEach(async () => {
  await activateLanguage('en');
  localStorage.clear();
});

describe('plural forms', () => {
  it.each([
    ['en', ['0 plants', '1 plant', '2 plants', '5 plants', '21 plants']],
    ['es', ['0 plantas', '1 planta', '2 plantas', '5 plantas', '21 plantas']],
    ['de', ['0 Pflanzen', '1 Pflanze', '2 Pflanzen', '5 Pflanzen', '21 Pflanzen']],
    // French counts 0 as singular, as its plural rules say.
    ['fr', ['0 plante', '1 plante', '2 plantes', '5 plantes', '21 plantes']],
  ] as const)('counts 0, 1, 2, 5 and 21 plants in %s', async (language, expected) => {
    await activateLanguage(language);
    expect([0, 1, 2, 5, 21].map((count) => translate(messages.plants, { count }))).toEqual(expected);
  });

  it("writes a count in the language's digits", async () => {
    await activateLanguage('de');
    expect(translate(messages.plants, { count: 1234 })).toBe('1.234 Pflanzen');
  });
});

describe('the reader language', () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['pt-BR', 'fr-CA', 'es'], 'fr'],
    [['ES'], 'es'],
    [['pt', 'ja'], 'en'],
    [[], 'en'],
  ])('takes the first of %j the app speaks: %s', (preferred, language) => {
    expect(detectLanguage(preferred)).toBe(language);
  });

  it("is the device's choice when it made one, else the browser's", () => {
    expect(readerLanguage()).toBe('en');
    localStorage.setItem('mango.language', 'fr');
    expect(readerLanguage()).toBe('fr');
    localStorage.setItem('mango.language', 'xx');
    expect(readerLanguage()).toBe('en');
  });

  it("writes dates and numbers as the reader does in the reader's language, else in the app's", async () => {
    // jsdom's browser is en-US: in English the reader's own locale (Intl's default) serves.
    expect(formatLocale()).toBeUndefined();
    await activateLanguage('de');
    expect(formatLocale()).toBe('de');
  });
});
