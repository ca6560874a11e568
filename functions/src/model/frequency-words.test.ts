import { describe, expect, it } from 'vitest';
import { parseWateringInterval } from './schedule';

/*
 * A frequency in the app's other languages reads as its English does, whatever language the app
 * is in: the same plant is read by people in different languages, and by the server.
 */
describe('a frequency in Spanish', () => {
  it.each<[string, number]>([
    ['cada día', 1],
    ['Todos los días', 1],
    ['diario', 1],
    ['a diario', 1],
    ['dos veces al día', 1],
    ['día por medio', 2],
    ['en días alternos', 2],
    ['cada 3 días', 3],
    ['Cada tres dias', 3],
    ['cada 3-4 días', 3],
    ['cada 3 a 4 días', 3],
    ['cada dos o tres días', 2],
    ['regar cada 5 días.', 5],
    ['semanal', 7],
    ['cada semana', 7],
    ['una vez a la semana', 7],
    ['una vez por semana', 7],
    ['dos veces por semana', 3],
    ['2-3 veces a la semana', 2],
    ['cada dos semanas', 14],
    ['quincenal', 14],
    ['cada quince días', 15],
    ['mensual', 30],
    ['una vez al mes', 30],
    ['dos veces al mes', 15],
    ['cada 2 meses', 60],
    ['trimestral', 90],
    ['semestral', 182],
    ['una vez al año', 365],
    ['cada 2 años', 730],
    ['anualmente', 365],
  ])('understands %j as every %i days', (text, days) => {
    expect(parseWateringInterval(text)).toBe(days);
  });

  it.each(['cuando esté seca', 'cada 400 días', 'cada 11 años', 'a veces', '3 días', 'cada trece días'])(
    'gives no interval for %j',
    (text) => {
      expect(parseWateringInterval(text)).toBeNull();
    },
  );
});

describe('a frequency in German', () => {
  it.each<[string, number]>([
    ['täglich', 1],
    ['Taglich', 1],
    ['jeden Tag', 1],
    ['einmal am Tag', 1],
    ['zweimal täglich', 1],
    ['jeden zweiten Tag', 2],
    ['alle 3 Tage', 3],
    ['Alle drei Tage', 3],
    ['alle 3-4 Tage', 3],
    ['alle 3 bis 4 Tage', 3],
    ['alle zwei oder drei Tage', 2],
    ['etwa alle 5 Tage', 5],
    ['gießen alle 4 Tage', 4],
    ['wöchentlich', 7],
    ['jede Woche', 7],
    ['einmal pro Woche', 7],
    ['einmal in der Woche', 7],
    ['zweimal pro Woche', 3],
    ['2 mal die Woche', 3],
    ['2-mal pro Woche', 3],
    ['3x pro Woche', 2],
    ['zweimal wöchentlich', 3],
    ['alle zwei Wochen', 14],
    ['alle 2 Wochen', 14],
    ['vierzehntägig', 14],
    ['alle vierzehn Tage', 14],
    ['monatlich', 30],
    ['einmal im Monat', 30],
    ['zweimal im Monat', 15],
    ['alle 2 Monate', 60],
    ['vierteljährlich', 90],
    ['halbjährlich', 182],
    ['jährlich', 365],
    ['jedes Jahr', 365],
    ['einmal im Jahr', 365],
    ['alle 2 Jahre', 730],
  ])('understands %j as every %i days', (text, days) => {
    expect(parseWateringInterval(text)).toBe(days);
  });

  it.each(['wenn trocken', 'alle 400 Tage', 'alle 11 Jahre', 'manchmal', '3 Tage', 'alle dreizehn Tage'])(
    'gives no interval for %j',
    (text) => {
      expect(parseWateringInterval(text)).toBeNull();
    },
  );
});

describe('a frequency in French', () => {
  it.each<[string, number]>([
    ['tous les jours', 1],
    ['Chaque jour', 1],
    ['quotidiennement', 1],
    ['une fois par jour', 1],
    ['deux fois par jour', 1],
    ['un jour sur deux', 2],
    ['tous les 3 jours', 3],
    ['Tous les trois jours', 3],
    ['tous les 3-4 jours', 3],
    ['tous les 3 à 4 jours', 3],
    ['tous les deux ou trois jours', 2],
    ['environ tous les 5 jours', 5],
    ['arroser tous les 4 jours.', 4],
    ['hebdomadaire', 7],
    ['chaque semaine', 7],
    ['toutes les semaines', 7],
    ['une fois par semaine', 7],
    ['deux fois par semaine', 3],
    ['2 à 3 fois par semaine', 2],
    ['toutes les deux semaines', 14],
    ['une semaine sur deux', 14],
    ['tous les quinze jours', 14],
    ['mensuel', 30],
    ['tous les mois', 30],
    ['une fois par mois', 30],
    ['deux fois par mois', 15],
    ['bimensuel', 15],
    ['tous les 2 mois', 60],
    ['trimestriel', 90],
    ['semestriel', 182],
    ['annuellement', 365],
    ['une fois par an', 365],
    ['chaque année', 365],
    ['tous les 2 ans', 730],
  ])('understands %j as every %i days', (text, days) => {
    expect(parseWateringInterval(text)).toBe(days);
  });

  it.each(['quand c’est sec', 'tous les 400 jours', 'tous les 11 ans', 'parfois', '3 jours', 'tous les treize jours'])(
    'gives no interval for %j',
    (text) => {
      expect(parseWateringInterval(text)).toBeNull();
    },
  );
});
