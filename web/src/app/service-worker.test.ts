import { forgetDatabases } from '@/test/indexed-db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '@/lib/i18n/i18n';
import { keptWorkerTexts } from '@/sw/worker-texts';
import { keepWorkerTextsInLanguage } from './service-worker';

describe("the worker's own words", () => {
  let stop = () => {};
  beforeEach(async () => {
    await forgetDatabases();
  });
  afterEach(async () => {
    stop();
    await activateLanguage('en');
  });

  it('are kept for it in the language the app speaks, and again whenever the language changes', async () => {
    await activateLanguage('es');
    stop = keepWorkerTextsInLanguage();
    await vi.waitFor(async () =>
      expect(await keptWorkerTexts()).toEqual({
        title: 'Tus plantas necesitan cuidados',
        body: 'Abre Hoy para ver qué toca.',
        done: 'Hecho',
        snooze: 'Posponer 1 día',
        check: 'Aún no hace falta',
      }),
    );
    await activateLanguage('fr');
    await vi.waitFor(async () =>
      expect(await keptWorkerTexts()).toMatchObject({ done: 'Fait', snooze: 'Reporter d’un jour' }),
    );
  });
});
