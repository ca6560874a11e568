import { forgetDatabases } from '@/test/indexed-db';
import type { DigestPush } from '@model/reminders';
import { beforeEach, describe, expect, it } from 'vitest';
import { digestNotification } from './digest-push';
import { keepWorkerTexts, keptWorkerTexts } from './worker-texts';

const push: DigestPush = {
  title: '2 plantas necesitan cuidados hoy',
  body: 'Helecho: regar',
  url: '/dashboard/today',
  day: '2026-03-10',
  jobs: [{ plantId: 'fern1', task: 'water' }],
};

beforeEach(async () => {
  await forgetDatabases();
});

describe("the worker's own words", () => {
  it('are English while the page has kept none', async () => {
    const texts = await keptWorkerTexts();
    expect(texts).toEqual({});
    expect(digestNotification('not json', 2, texts).title).toBe('Your plants need care');
  });

  it('are those the page kept, in its language: the actions and the notification for a push it cannot read', async () => {
    await keepWorkerTexts({
      title: 'Tus plantas necesitan cuidados',
      body: 'Abre Hoy para ver qué toca.',
      done: 'Hecho',
      snooze: 'Posponer 1 día',
      check: 'Aún no hace falta',
    });
    const texts = await keptWorkerTexts();

    const unread = digestNotification('not json', 2, texts);
    expect(unread.title).toBe('Tus plantas necesitan cuidados');
    expect(unread.options.body).toBe('Abre Hoy para ver qué toca.');

    // The digest's own title and body are the server's, as it sent them.
    const digest = digestNotification(JSON.stringify(push), 3, texts);
    expect(digest.title).toBe('2 plantas necesitan cuidados hoy');
    expect(digest.options.actions?.map(({ title }) => title)).toEqual(['Hecho', 'Posponer 1 día', 'Aún no hace falta']);
  });

  it('fall back to English, word by word, for any the page did not keep', async () => {
    await keepWorkerTexts({ done: 'Erledigt' });
    const { options } = digestNotification(JSON.stringify(push), 2, await keptWorkerTexts());
    expect(options.actions?.map(({ title }) => title)).toEqual(['Erledigt', 'Snooze 1 day']);
  });
});
