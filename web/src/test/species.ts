import { speciesAnswer, type Species, type SpeciesAnswer } from '@model/species';

/**
 * A species as the catalogue answers it for an English reader: Monstera's figures and names, with
 * `fields` over them (`name` follows the fields, as the API's does).
 */
export const aSpecies = (fields: Partial<Species> = {}): SpeciesAnswer =>
  speciesAnswer(
    {
      _id: 'monstera-deliciosa',
      scientificName: 'Monstera deliciosa',
      commonNames: ['Swiss cheese plant', 'Monstera'],
      names: {
        es: ['Costilla de Adán', 'Monstera'],
        de: ['Fensterblatt', 'Monstera'],
        fr: ['Faux philodendron', 'Monstera'],
      },
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
    },
    'en',
  );

export const MONSTERA = aSpecies();
