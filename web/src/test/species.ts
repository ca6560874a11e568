import type { Species } from '@model/species';

/** A species as the catalogue answers it: Monstera's figures, with `fields` over them. */
export const aSpecies = (fields: Partial<Species> = {}): Species => ({
  _id: 'monstera-deliciosa',
  scientificName: 'Monstera deliciosa',
  commonNames: ['Swiss cheese plant', 'Monstera'],
  family: 'Araceae',
  category: 'flowering',
  careLevel: 'easy',
  light: 'bright-indirect',
  humidity: 'medium',
  minTemperatureC: 12,
  watering: { summerDays: 7, winterDays: 14, rest: 'winter' },
  fertilizeDays: 30,
  repotDays: 730,
  toxicToCats: true,
  toxicToDogs: true,
  toxicityBasis: 'species',
  notes: 'Water when the top few centimetres of soil are dry.',
  ...fields,
});

export const MONSTERA = aSpecies();
