import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, NETWORK_MESSAGE, readAnswer } from './api-client';
import { OFFLINE_WRITE_MESSAGE } from './app-status';
import { activateLanguage } from './i18n/i18n';
import { apiErrorSentence, errorMessage, NOT_YOURS_MESSAGE, serverFieldSentence } from './use-api-error';

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
  afterEach(async () => {
    vi.unstubAllGlobals();
    await activateLanguage('en');
  });

  it('says the ownership rule and its own fallback in it', async () => {
    await activateLanguage('de');
    expect(errorMessage(new ApiError(403, 'forbidden', 'Only the owner can change this plant.'))).toBe(
      'Du kannst nur deine eigenen Pflanzen ändern.',
    );
    expect(errorMessage(new TypeError('x is undefined'))).toBe('Etwas ist schiefgelaufen. Bitte versuche es erneut.');
  });

  it("says a failure it knows in its own words: by its code, and by the server's sentence where a code has several", async () => {
    await activateLanguage('es');
    expect(errorMessage(new ApiError(0, 'network', NETWORK_MESSAGE))).toBe(
      'No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.',
    );
    const busy = 'The plant database is not answering right now. Please try again in a moment.';
    expect(errorMessage(new ApiError(503, 'unavailable', busy))).toBe(
      'La base de datos de plantas no responde ahora mismo. Inténtalo de nuevo en un momento.',
    );
  });

  it("never shows the server's English in another language: a sentence it does not know is said by its status", async () => {
    await activateLanguage('de');
    const photos = 'Many photos are being uploaded right now. Please try again in a few seconds.';
    expect(errorMessage(new ApiError(503, 'unavailable', photos))).toBe(
      'Der Server ist gerade ausgelastet. Versuche es gleich noch einmal.',
    );
    expect(errorMessage(new ApiError(400, 'invalid_input', 'Plant name is required.'))).toBe(
      'Etwas an dem, was du gesendet hast, stimmt nicht. Prüfe es und versuche es erneut.',
    );
    await activateLanguage('fr');
    expect(apiErrorSentence(new ApiError(410, 'gone', 'This thing went away.'))).toBe('Cet élément n’existe plus.');
    expect(apiErrorSentence(new ApiError(418, 'teapot', 'I am a teapot.'))).toBe(
      'Une erreur s’est produite (HTTP 418). Veuillez réessayer.',
    );
    expect(serverFieldSentence('Caption must be at most 200 characters.')).toBe(
      'Cette valeur n’est pas acceptée. Veuillez la vérifier.',
    );
  });

  it("shows the server's sentence as it came in English, where it names what it knows", async () => {
    const photos = 'Many photos are being uploaded right now. Please try again in a few seconds.';
    expect(errorMessage(new ApiError(503, 'unavailable', photos))).toBe(photos);
    expect(serverFieldSentence('Caption must be at most 200 characters.')).toBe(
      'Caption must be at most 200 characters.',
    );
  });

  it('knows every sentence the API client says (it writes them in English itself)', async () => {
    const failed = (status: number): ApiError => {
      try {
        readAnswer(status, '', 'GET');
      } catch (error) {
        return error as ApiError;
      }
      throw new Error(`HTTP ${status} was taken for an answer`);
    };
    const byStatus = [401, 403, 404, 413, 429, 503, 502].map(failed);
    const said = [
      ...byStatus,
      new ApiError(401, 'unauthenticated', byStatus[0]!.message),
      new ApiError(0, 'network', NETWORK_MESSAGE),
      new ApiError(0, 'offline', OFFLINE_WRITE_MESSAGE),
    ];
    await activateLanguage('es');
    for (const error of said) expect(apiErrorSentence(error), error.message).not.toBe(error.message);
  });

  it("says a feature's sentences by the code: one for the code, or the one whose English the server sent", async () => {
    const own = {
      quota_exceeded: { id: 'test.quota', message: 'You have the most plants you can have.' },
      not_found: [
        { id: 'test.gone', message: 'That plant does not exist. It may have been deleted.' },
        { id: 'test.noPhoto', message: 'That photo does not exist.' },
      ],
    };
    const quota = new ApiError(403, 'quota_exceeded', 'You have 500 plants already: delete one first.');
    const photo = new ApiError(404, 'not_found', 'That photo does not exist.');
    expect(apiErrorSentence(quota, own)).toBe(quota.message);
    expect(apiErrorSentence(photo, own)).toBe('That photo does not exist.');
    await activateLanguage('fr');
    // No catalogue holds test.* ids: the message's English comes back, not the server's.
    expect(apiErrorSentence(quota, own)).toBe('You have the most plants you can have.');
    expect(apiErrorSentence(photo, own)).toBe('That photo does not exist.');
    expect(apiErrorSentence(new ApiError(404, 'not_found', 'That place does not exist.'), own)).toBe(
      'Élément introuvable.',
    );
  });

  it('says an answer without a sentence of its own by its status', async () => {
    await activateLanguage('fr');
    const answer = (status: number) => () => Promise.resolve(new Response('<html>Bad gateway</html>', { status }));
    vi.stubGlobal('fetch', vi.fn(answer(404)));
    const notFound = await apiFetch('/mango/p1').catch((error: unknown) => error);
    expect(errorMessage(notFound)).toBe('Élément introuvable.');
    vi.stubGlobal('fetch', vi.fn(answer(502)));
    const badGateway = await apiFetch('/mango/p1').catch((error: unknown) => error);
    expect(badGateway).toMatchObject({ message: 'Something went wrong (HTTP 502). Please try again.' });
    expect(errorMessage(badGateway)).toBe('Une erreur s’est produite (HTTP 502). Veuillez réessayer.');
  });
});
