import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { activateLanguage } from './i18n/i18n';
import { errorMessage, NOT_YOURS_MESSAGE } from './use-api-error';

describe('errorMessage', () => {
  it('explains a 403 as the ownership rule', () => {
    expect(errorMessage(new ApiError(403, 'forbidden', 'Only the owner can change this plant.'))).toBe(
      NOT_YOURS_MESSAGE,
    );
  });

  it("shows the server's sentence for other API errors", () => {
    expect(errorMessage(new ApiError(400, 'invalid_input', 'Plant name is required.'))).toBe('Plant name is required.');
  });

  it('never shows a raw error', () => {
    expect(errorMessage(new TypeError('x is undefined'))).toBe('Something went wrong. Please try again.');
    expect(errorMessage({ weird: true }, 'Failed to add item')).toBe('Failed to add item');
  });
});

describe("errorMessage in the reader's language", () => {
  it('says the ownership rule and its own fallback in it', async () => {
    await activateLanguage('de');
    try {
      expect(errorMessage(new ApiError(403, 'forbidden', 'Only the owner can change this plant.'))).toBe(
        'Du kannst nur deine eigenen Pflanzen ändern.',
      );
      expect(errorMessage(new TypeError('x is undefined'))).toBe('Etwas ist schiefgelaufen. Bitte versuche es erneut.');
    } finally {
      await activateLanguage('en');
    }
  });
});
