import { describe, expect, it } from 'vitest';
import { defineMessages } from '../model/locales/catalogue';
import { ENGLISH, translatorFor } from './translator';

const messages = defineMessages({
  skip: { id: 'layout.skipToMain', message: 'Skip to main content' },
  plants: { id: 'places.plantCount', message: '{count, plural, one {# plant} other {# plants}}' },
  nowhere: { id: 'test.inNoCatalogue', message: 'Only in {language}' },
});

describe('translatorFor', () => {
  it("formats a message in the language's catalogue, with its plural rules", async () => {
    const french = await translatorFor('fr');
    expect(french.language).toBe('fr');
    expect(french.t(messages.skip)).toBe('Aller au contenu principal');
    expect([0, 1, 2].map((count) => french.t(messages.plants, { count }))).toEqual([
      '0 plante',
      '1 plante',
      '2 plantes',
    ]);
    expect((await translatorFor('de')).t(messages.plants, { count: 5 })).toBe('5 Pflanzen');
  });

  it('speaks English from the messages themselves, and falls back to them for an id no catalogue has', async () => {
    expect(await translatorFor('en')).toBe(ENGLISH);
    expect(ENGLISH.t(messages.plants, { count: 1 })).toBe('1 plant');
    expect((await translatorFor('es')).t(messages.nowhere, { language: 'English' })).toBe('Only in English');
  });

  it('loads a catalogue once per process', async () => {
    expect(await translatorFor('es')).toBe(await translatorFor('es'));
  });
});
