import { AddPlantFormSchema, UpdatePlantInputSchema } from '@model';
import { describe, expect, it } from 'vitest';
import { formResolver } from './form-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('formResolver', () => {
  it('says a blank required field is required, whatever its type', async () => {
    const resolve = formResolver(AddPlantFormSchema);
    const { errors } = await resolve(
      {
        image: ' ',
        plantName: '',
        wateringFrequency: '',
        healthStatus: '',
        lastWateredDate: '',
        nextWateringDate: '  ',
        category: '',
        careLevel: '',
        description: '',
      },
      undefined,
      options,
    );
    expect(Object.fromEntries(Object.entries(errors).map(([key, error]) => [key, error?.message]))).toEqual({
      image: 'Image is required.',
      plantName: 'Plant name is required.',
      wateringFrequency: 'Watering frequency is required.',
      healthStatus: 'Health status is required.',
      lastWateredDate: 'Last watered date is required.',
      nextWateringDate: 'Next watering date is required.',
      category: 'Category is required.',
      careLevel: 'Care level is required.',
      description: 'Description is required.',
    });
  });

  it('hands the handler trimmed values, and leaves a blank optional field out', async () => {
    const resolve = formResolver(UpdatePlantInputSchema);
    const { values, errors } = await resolve(
      {
        plantName: ' Fern ',
        category: 'fern',
        careLevel: 'easy',
        wateringFrequency: 'Weekly',
        healthStatus: 'Healthy',
        lastWateredDate: '2026-03-01',
        nextWateringDate: '2026-03-08',
        description: '   ',
      },
      undefined,
      options,
    );
    expect(errors).toEqual({});
    expect(values).toEqual({
      plantName: 'Fern',
      category: 'fern',
      careLevel: 'easy',
      wateringFrequency: 'Weekly',
      healthStatus: 'Healthy',
      lastWateredDate: '2026-03-01',
      nextWateringDate: '2026-03-08',
    });
  });

  it('rejects a date that does not exist and an option the schema does not know', async () => {
    const resolve = formResolver(UpdatePlantInputSchema);
    const { errors } = await resolve(
      {
        plantName: 'Fern',
        category: 'cactus',
        careLevel: 'easy',
        wateringFrequency: 'Weekly',
        healthStatus: 'Healthy',
        lastWateredDate: '2023-02-29',
        nextWateringDate: '2026-03-08',
        description: '',
      },
      undefined,
      options,
    );
    expect(errors.lastWateredDate?.message).toBe('Last watered date must be a real date written YYYY-MM-DD.');
    expect(errors.category?.message).toMatch(/^Category must be one of: /);
  });
});
