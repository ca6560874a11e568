import { CreatePlantInputSchema, DASHBOARD_CATEGORIES } from '@model';
import { PLACEHOLDER_PLANT_IMAGE } from '@model/photos';
import { z } from '@model/zod';
import { careFormValues } from '@/features/care/lib/care-form';

/**
 * What the dashboard stores for a chosen picture until its upload arrives: the server counts it as
 * no image of the plant's own, so the uploaded photo becomes the cover.
 */
export const PLACEHOLDER_IMAGE_URL = PLACEHOLDER_PLANT_IMAGE;

/**
 * The Add Item form: the API's own CreatePlantInputSchema (plantName and category required, easy
 * and Healthy by default), with the categories the dashboard offers.
 */
export const AddItemSchema = CreatePlantInputSchema.extend({
  category: z.enum(DASHBOARD_CATEGORIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'Category is required.'
        : `Category must be one of: ${DASHBOARD_CATEGORIES.join(', ')}.`,
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
  care: careFormValues(undefined),
} as unknown as AddItemFormValues;

/** Image files only: the picker's `accept` is only a hint to the file dialog. */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}
