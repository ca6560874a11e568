import { CreatePlantInputSchema, DASHBOARD_CATEGORIES } from '@model';
import { z } from '@model/zod';

/** What the dashboard stores for a chosen picture: the file itself is never uploaded. */
export const PLACEHOLDER_IMAGE_URL = '/images/placeholder-plant.webp';

/**
 * The Add Item form: the API's own CreatePlantInputSchema (plantName and category required, easy
 * and Healthy by default), with the categories the dashboard offers.
 */
export const AddItemSchema = CreatePlantInputSchema.extend({
  category: z.enum(DASHBOARD_CATEGORIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? 'Category is required.' : `Category must be one of: ${DASHBOARD_CATEGORIES.join(', ')}.`,
  }),
});

export type AddItemFormValues = z.input<typeof AddItemSchema>;
export type AddItemInput = z.output<typeof AddItemSchema>;

export const ADD_ITEM_DEFAULTS = {
  plantName: '',
  category: '',
  careLevel: 'easy',
  wateringFrequency: '',
  nextWateringDate: '',
  healthStatus: 'Healthy',
  description: '',
  image: undefined,
} as unknown as AddItemFormValues;

/** Image files only: the picker's `accept` is only a hint to the file dialog. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}
