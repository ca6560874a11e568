import { describe, expect, it } from 'vitest';
import { translatorFor } from '../lib/translator';
import type { Plant } from '../model';
import { composeDigest, composeNothingDue } from './digest-message';

const plant = (id: string, plantName: string, nextWateringDate: string) =>
  ({ _id: id, plantName, nextWateringDate }) as unknown as Plant;
const links = { appUrl: 'https://mango.example', unsubscribeUrl: null };
const lines = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));

describe('composeDigest', () => {
  it("lists the jobs due by the digest's day, saying how late each is on the day it is sent", () => {
    const plants = [
      plant('a', 'Fern', '2027-09-06'),
      plant('b', 'Palm', '2027-09-04'),
      plant('c', 'Cactus', '2027-09-07'),
    ];
    const onItsDay = composeDigest(plants, '2027-09-06', links)!;
    expect(lines(onItsDay.email.text)).toEqual(['- Palm: water (2 days overdue)', '- Fern: water (due today)']);
    // Held back by quiet hours until the next morning: the same jobs, as late as they are by then.
    const nextMorning = composeDigest(plants, '2027-09-06', links, new Map(), '2027-09-07')!;
    expect(lines(nextMorning.email.text)).toEqual(['- Palm: water (3 days overdue)', '- Fern: water (1 day overdue)']);
    expect(nextMorning.push.day).toBe('2027-09-06');
  });
});

describe('composeDigest in the reader’s language', () => {
  const unsubscribing = { appUrl: 'https://mango.example', unsubscribeUrl: 'https://mango.example/u?t=1' };
  /** A plant `late` days overdue on 2027-09-06, with fertilizing due the same day. */
  const due = (id: string, name: string, late: number, fertilize = false) =>
    ({
      _id: id,
      plantName: name,
      nextWateringDate: `2027-09-${String(6 - late).padStart(2, '0')}`,
      ...(fertilize
        ? { care: { fertilize: { frequency: 'monthly', nextDate: '2027-09-06', lastDate: null, intervalDays: 30 } } }
        : {}),
    }) as unknown as Plant;
  const plants = (count: number) => Array.from({ length: count }, (_, i) => due(`p${i}`, `Plant ${i}`, 0));

  it('writes the email and the push in French for a person whose language is fr', async () => {
    const french = await translatorFor('fr');
    const digest = composeDigest(
      [due('a', 'Fougère', 2, true), due('b', 'Palmier', 0)],
      '2027-09-06',
      unsubscribing,
      new Map([['b', 'Ana']]),
      '2027-09-06',
      french,
    )!;
    expect(digest.email.subject).toBe('2 plantes ont besoin de soins aujourd’hui');
    expect(digest.push.title).toBe('2 plantes ont besoin de soins aujourd’hui');
    expect(digest.push.body).toBe(
      'Fougère\u00a0: arroser et fertiliser (2 jours de retard)\nPalmier\u00a0: arroser (à faire aujourd’hui, c’était au tour de Ana)',
    );
    expect(lines(digest.email.text)).toEqual([
      '- Fougère\u00a0: arroser et fertiliser (2 jours de retard)',
      '- Palmier\u00a0: arroser (à faire aujourd’hui, c’était au tour de Ana)',
    ]);
    expect(digest.email.text).toContain(
      'Ouvrez Aujourd’hui pour les marquer comme faites\u00a0: https://mango.example/dashboard/today',
    );
    expect(digest.email.text).toContain('Pour ne plus recevoir ces e-mails\u00a0: https://mango.example/u?t=1');
    expect(digest.email.html).toContain('<html lang="fr">');
    expect(digest.email.html).toContain(
      '<a href="https://mango.example/plant/a">Fougère</a>\u00a0: arroser et fertiliser',
    );
    expect(digest.email.html).toContain('>Ne plus recevoir ces e-mails</a>. Vous pouvez les réactiver');
  });

  it('counts 1 and 5 plants in each language, and the plants a push leaves out', async () => {
    const titles: Record<string, string[]> = {};
    const more: Record<string, string | undefined> = {};
    for (const language of ['en', 'es', 'de', 'fr'] as const) {
      const translator = await translatorFor(language);
      titles[language] = [1, 5].map(
        (count) =>
          composeDigest(plants(count), '2027-09-06', links, new Map(), '2027-09-06', translator)!.email.subject,
      );
      more[language] = composeDigest(plants(5), '2027-09-06', links, new Map(), '2027-09-06', translator)!
        .push.body.split('\n')
        .at(-1);
    }
    expect(titles).toEqual({
      en: ['1 plant needs care today', '5 plants need care today'],
      es: ['1 planta necesita cuidados hoy', '5 plantas necesitan cuidados hoy'],
      de: ['1 Pflanze braucht heute Pflege', '5 Pflanzen brauchen heute Pflege'],
      fr: ['1 plante a besoin de soins aujourd’hui', '5 plantes ont besoin de soins aujourd’hui'],
    });
    expect(more).toEqual({
      en: 'and 1 more plant',
      es: 'y 1 planta más',
      de: 'und 1 weitere Pflanze',
      fr: 'et 1 autre plante',
    });
  });

  it('says how late in each language, 1 day and 5 days', async () => {
    const lateness = async (language: 'en' | 'es' | 'de' | 'fr') => {
      const translator = await translatorFor(language);
      const digest = composeDigest(
        [due('a', 'A', 1), due('b', 'B', 5)],
        '2027-09-06',
        links,
        new Map(),
        '2027-09-06',
        translator,
      )!;
      return lines(digest.email.text);
    };
    expect(await lateness('es')).toEqual(['- B: regar (5 días de retraso)', '- A: regar (1 día de retraso)']);
    expect(await lateness('de')).toEqual([
      '- B: gießen (seit 5 Tagen überfällig)',
      '- A: gießen (seit 1 Tag überfällig)',
    ]);
    expect(await lateness('fr')).toEqual([
      '- B\u00a0: arroser (5 jours de retard)',
      '- A\u00a0: arroser (1 jour de retard)',
    ]);
  });

  it('keeps English exactly as it was, the translator or none', async () => {
    const english = composeDigest(
      [due('a', 'Fern', 2, true), due('b', 'Palm', 0)],
      '2027-09-06',
      unsubscribing,
      new Map([['b', 'Ana']]),
    )!;
    expect(
      composeDigest(
        [due('a', 'Fern', 2, true), due('b', 'Palm', 0)],
        '2027-09-06',
        unsubscribing,
        new Map([['b', 'Ana']]),
        '2027-09-06',
        await translatorFor('en'),
      ),
    ).toEqual(english);
    expect(english.email.subject).toBe('2 plants need care today');
    expect(english.email.text).toBe(
      [
        '2 plants need care today.',
        '',
        '- Fern: water and fertilize (2 days overdue)',
        '  https://mango.example/plant/a',
        "- Palm: water (due today on Ana's turn)",
        '  https://mango.example/plant/b',
        '',
        'Open Today to mark them done: https://mango.example/dashboard/today',
        '',
        'To stop these emails: https://mango.example/u?t=1',
        "(You can turn them on again on the dashboard's Reminders page.)",
        '',
      ].join('\n'),
    );
    expect(english.email.html).toBe(
      [
        '<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2d1f">',
        '<h1 style="font-size:20px">2 plants need care today</h1>',
        '<ul>',
        '<li><a href="https://mango.example/plant/a">Fern</a>: water and fertilize (2 days overdue)</li>',
        '<li><a href="https://mango.example/plant/b">Palm</a>: water (due today on Ana&#39;s turn)</li>',
        '</ul>',
        '<p><a href="https://mango.example/dashboard/today">Open Today to mark them done</a></p>',
        '<p style="font-size:12px;color:#555"><a href="https://mango.example/u?t=1">Stop these emails</a>. You can turn them on again on the dashboard\'s Reminders page.</p>',
        '</body></html>',
      ].join('\n'),
    );
    expect(english.push.body).toBe("Fern: water and fertilize (2 days overdue)\nPalm: water (due today on Ana's turn)");
    // Three jobs as the digests always listed them, with no comma before "and"; a long-late count ungrouped.
    const three = composeDigest(
      [
        {
          ...due('a', 'Fern', 0, true),
          care: {
            fertilize: { frequency: 'x', nextDate: '2027-09-06' },
            mist: { frequency: 'x', nextDate: '2027-09-06' },
          },
        } as unknown as Plant,
      ],
      '2027-09-06',
      links,
    )!;
    expect(lines(three.email.text)).toEqual(['- Fern: water, fertilize and mist (due today)']);
    const longLate = composeDigest(
      [{ _id: 'a', plantName: 'Fern', nextWateringDate: '2024-09-06' } as unknown as Plant],
      '2027-09-06',
      links,
    )!;
    expect(lines(longLate.email.text)).toEqual(['- Fern: water (1095 days overdue)']);
  });
});

describe('composeNothingDue', () => {
  it('says nothing is due, in English as before and in the reader’s language', async () => {
    const english = composeNothingDue('2027-09-06', 'https://mango.example');
    expect(english.email.subject).toBe('Nothing needs care today');
    expect(english.email.text).toBe(
      'Nothing needs care today. This is a test of your reminders: your daily digest will list the jobs due.\n\nhttps://mango.example/dashboard/today\n',
    );
    expect(english.push.body).toBe('This is a test of your reminders.');
    const german = composeNothingDue('2027-09-06', 'https://mango.example', await translatorFor('de'));
    expect(german.email.subject).toBe('Heute braucht keine Pflanze Pflege');
    expect(german.push).toMatchObject({
      title: 'Heute braucht keine Pflanze Pflege',
      body: 'Das ist ein Test deiner Erinnerungen.',
    });
    expect(german.email.html).toContain('<html lang="de">');
  });
});
