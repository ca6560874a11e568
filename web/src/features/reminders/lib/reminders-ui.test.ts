import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { activateLanguage } from '@/lib/i18n/i18n';
import { knownRefusal } from './reminders-ui';

describe("the reminders' refusals in the reader's language", () => {
  afterEach(() => activateLanguage('en'));

  const tooMany = new ApiError(
    429,
    'rate_limited',
    'You have sent 5 test reminders in the last hour. Please try again in 42 minutes.',
  );

  it('says the test digests’ limit with the wait the server gives', async () => {
    expect(knownRefusal(tooMany)).toBe(tooMany.message);
    await activateLanguage('fr');
    expect(knownRefusal(tooMany)).toBe(
      'Vous avez envoyé 5 rappels de test au cours de la dernière heure. Veuillez réessayer dans 42 minutes.',
    );
    await activateLanguage('es');
    const oneMinute = new ApiError(429, 'rate_limited', tooMany.message.replace('42 minutes', '1 minute'));
    expect(knownRefusal(oneMinute)).toBe(
      'Has enviado 5 recordatorios de prueba en la última hora. Inténtalo de nuevo dentro de 1 minuto.',
    );
  });

  it('leaves another 429 (the write budget) to the general sentence', () => {
    const budget = new ApiError(429, 'rate_limited', 'You are making too many changes. Please wait a minute.');
    expect(knownRefusal(budget)).toBeUndefined();
  });
});
