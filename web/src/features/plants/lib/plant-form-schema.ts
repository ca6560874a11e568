import {
  AddPlantFormSchema,
  CareInputSchema,
  CreatePlantInputSchema,
  DASHBOARD_CATEGORIES,
  PLANT_FORM_CATEGORIES,
  UpdatePlantRequestSchema,
} from '@model';
import { z } from '@model/zod';
import type { CareFormValues } from '@/features/plants/lib/care-form';
import { formResolver } from './form-resolver';

/*
 * The plant form's schemas: the only part of it that needs zod (through '@model'), so the form's
 * variants stay plain settings.
 */

export { DASHBOARD_CATEGORIES, PLANT_FORM_CATEGORIES };

/** What the inputs hold: text, until the variant's schema has checked and trimmed it. */
export interface PlantFormInput {
  plantName: string;
  category: string;
  careLevel: string;
  wateringFrequency: string;
  healthStatus: string;
  lastWateredDate: string;
  nextWateringDate: string;
  description: string;
  image: string;
  care: CareFormValues;
}

/** Add Plant's fields and More care's schedules (all optional). */
const LinkFormSchema = AddPlantFormSchema.extend({ care: CareInputSchema.optional() });
/** With a photo to upload, the plant is created without an image: its first photo becomes its cover. */
const UploadFormSchema = LinkFormSchema.omit({ image: true });
export type AddPlantValues = z.output<typeof UploadFormSchema> & { image?: string };

export const addPlantResolvers = {
  upload: formResolver<PlantFormInput, typeof UploadFormSchema>(UploadFormSchema),
  link: formResolver<PlantFormInput, typeof LinkFormSchema>(LinkFormSchema),
};

/**
 * The dashboard's Add Item: the API's own CreatePlantInputSchema (plantName and category required,
 * easy and Healthy by default), with the categories the dashboard offers. Its sentences are the
 * form's, as for every field (field-messages.ts): "Category is required.", "Category must be one
 * of: Fruit, Flower, Vegetable, Herbs."
 */
const AddItemSchema = CreatePlantInputSchema.extend({ category: z.enum(DASHBOARD_CATEGORIES) });
export type AddItemValues = z.output<typeof AddItemSchema>;
export const addItemResolver = formResolver<PlantFormInput, typeof AddItemSchema>(AddItemSchema);

export type UpdatePlantValues = z.output<typeof UpdatePlantRequestSchema>;
export const updatePlantResolver = formResolver<PlantFormInput, typeof UpdatePlantRequestSchema>(
  UpdatePlantRequestSchema,
);
