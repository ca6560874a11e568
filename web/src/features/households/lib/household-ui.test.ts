import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { activateLanguage } from '@/lib/i18n/i18n';
import { householdSentence } from './household-ui';

describe("a household's refusals in the reader's language", () => {
  afterEach(() => activateLanguage('en'));

  const gone = new ApiError(410, 'gone', 'This household no longer exists.');
  const lapsed = new ApiError(
    403,
    'forbidden',
    'Your time as a sitter of this household ended on 2026-03-01. Ask its owner for a new invite to help again.',
  );
  const full = new ApiError(
    409,
    'conflict',
    'This household already has 12 people, the most a household can have. Ask its owner to make room.',
  );

  it('says each in English as the server does', () => {
    expect(householdSentence(gone)).toBe(gone.message);
    expect(householdSentence(full)).toBe(full.message);
    expect(householdSentence(lapsed)).toBe(lapsed.message);
  });

  it('says a sentence it knows in French, the day a sitter’s time ended too', async () => {
    await activateLanguage('fr');
    expect(householdSentence(gone)).toBe('Ce foyer n’existe plus.');
    expect(householdSentence(lapsed)).toMatch(
      /^Votre période de gardien\(ne\) de plantes de ce foyer a pris fin le 1 mars 2026\./,
    );
  });

  it('says one it does not know by its status, never in English', async () => {
    await activateLanguage('de');
    expect(householdSentence(full)).toBe(
      'Das geht so, wie die Dinge gerade stehen, nicht. Lade die Seite neu und versuche es erneut.',
    );
    const owner = new ApiError(403, 'forbidden', "Only the household's owner can rename the household.");
    expect(householdSentence(owner)).toBe('Das darfst du nicht.');
  });
});
