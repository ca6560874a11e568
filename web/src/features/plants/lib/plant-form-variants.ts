import type { Plant } from '@model';
import type { CareSchedules } from '@model/care-tasks';
import { PLACEHOLDER_PLANT_IMAGE } from '@model/photos';
import type { Resolver } from 'react-hook-form';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import { careFormValues, careInputOf } from '@/features/plants/lib/care-form';
import { createPlant } from '../api/create-plant';
import { updatePlant } from '../api/update-plant';
import {
  addItemResolver,
  addPlantResolvers,
  DASHBOARD_CATEGORIES,
  PLANT_FORM_CATEGORIES,
  updatePlantResolver,
  type AddItemValues,
  type AddPlantValues,
  type PlantFormInput,
  type UpdatePlantValues,
} from './plant-form-schema';
import { plantFailure, plantServerSentence } from './plant-errors';
import { returnPath } from './return-path';

const messages = defineMessages({
  notConfirmed: {
    id: 'plants.form.notConfirmed',
    message: 'The server did not confirm the new plant. Please check My Plants before trying again.',
  },
  chooseCategory: { id: 'plants.form.chooseCategory', message: 'Choose a category' },
  chooseCareLevel: { id: 'plants.form.chooseCareLevel', message: 'Choose a care level' },
  finishWithoutPhoto: { id: 'plants.form.finishWithoutPhoto', message: 'finish without the photo' },
  addPlant: { id: 'plants.form.addPlant', message: 'Add Plant' },
  addingPlant: { id: 'plants.form.addingPlant', message: 'Adding Plant...' },
  addPlantFailed: { id: 'plants.form.addPlantFailed', message: 'The plant could not be added. Please try again.' },
  success: { id: 'plants.form.success', message: 'Success!' },
  plantAdded: { id: 'plants.form.plantAdded', message: 'Plant added successfully!' },
  notLoggedIn: { id: 'plants.form.notLoggedIn', message: 'You must be logged in to add an item.' },
  addItemFailed: { id: 'plants.form.addItemFailed', message: 'Failed to add item' },
  selectCategory: { id: 'plants.form.selectCategory', message: 'Select a category' },
  goOnWithoutPhoto: { id: 'plants.form.goOnWithoutPhoto', message: 'go on without the photo' },
  addItem: { id: 'plants.form.addItem', message: 'Add Item' },
  addingItem: { id: 'plants.form.addingItem', message: 'Adding Item...' },
  itemAdded: { id: 'plants.form.itemAdded', message: 'Item added successfully!' },
  unchanged: { id: 'plants.form.unchanged', message: 'Nothing to save: the plant already has these values.' },
  updatePlant: { id: 'plants.form.updatePlant', message: 'Update Plant' },
  updatingPlant: { id: 'plants.form.updatingPlant', message: 'Updating Plant...' },
  plantNotFound: {
    id: 'plants.form.plantNotFound',
    message: 'Plant not found. It may have been deleted in the meantime.',
  },
  updateFailed: { id: 'plants.form.updateFailed', message: 'The plant could not be updated. Please try again.' },
  updated: { id: 'plants.form.updated', message: 'Updated!' },
  plantUpdated: { id: 'plants.form.plantUpdated', message: 'Plant updated successfully!' },
});

export type { PlantFormInput };

export type PlantField = Exclude<keyof PlantFormInput, 'care'>;

/**
 * The household checkbox: offered when the user belongs to a household (on Update, to the plant's
 * owner alone), "Share with <name>", checked as `shared` says. Without it nothing about sharing is
 * sent, and the server decides as before.
 */
export interface ShareOption {
  householdName: string;
  shared: boolean;
}

/** Add Plant and Add Item: a new plant is shared with the user's household unless they say otherwise. */
export const shareNewPlant = (household: { name: string } | null): ShareOption | null =>
  household ? { householdName: household.name, shared: true } : null;

/**
 * What the form sends beside its fields. `shared`: the household checkbox, when it was offered
 * (undefined: not sent). `speciesId`: the species chosen in the species box, null for none.
 * `placeId`: the Place box's place, null for none, when the box was offered (undefined: not sent).
 */
interface SendExtras {
  shared?: boolean;
  speciesId: string | null;
  placeId?: string | null;
}

/** What a send ended with: the plant it saved, a sentence that is not an error, or a failure. */
export type SendResult = { savedId: string } | { notice: string } | { failure: string };

/**
 * What differs between the plant pages' Add Plant, the dashboard's Add Item and Update Plant: the
 * fields and their texts (messages, said in the app's language when shown), the schema, the
 * request and what follows it. `Out` is what the schema hands the request.
 */
export interface PlantFormVariant<Out> {
  defaults: PlantFormInput;
  resolver: Resolver<PlantFormInput, unknown, Out>;
  /** The fields that must be filled in; with `requiredMark` they carry an asterisk. */
  required: readonly PlantField[];
  requiredMark?: boolean;
  categories: readonly string[];
  categoryPlaceholder?: Message;
  careLevelPlaceholder?: Message;
  /** A free text with suggestions, or one of the statuses. */
  healthStatus: 'text' | 'select';
  /** Without it, the watering schedule starts on the day the plant is added. */
  lastWatered: boolean;
  descriptionRows: number;
  /** More care is left out of an update without the owner's schedules, so none can be overwritten. */
  moreCare: boolean;
  /** The plant's schedules, on Update: a task's next date is suggested from its last date. */
  currentCare?: CareSchedules;
  /**
   * 'photo-or-link': a photo to upload, or a link (`linkResolver` then requires it). 'image-file':
   * an optional image file. Either way the photo is uploaded to the plant once it is created.
   */
  picture: 'photo-or-link' | 'image-file' | 'none';
  linkResolver?: Resolver<PlantFormInput, unknown, Out>;
  skipPhotoText?: Message;
  submit: { idle: Message; busy: Message };
  /** Said without calling the server when nobody is signed in (otherwise the server's 401 decides). */
  signedOutMessage?: Message;
  /** The plant's species, on Update: the species box starts from it. */
  speciesId?: string;
  /**
   * Fields whose default the form chose, not the user (Add Item's care level): a species fills
   * them without asking while they still hold it.
   */
  presetFields?: readonly PlantField[];
  send: (values: Out, photo: File | null, extras: SendExtras) => Promise<SendResult>;
  /** The sentence for a failed send; `handleApiError` sends a 401 to /login and returns null. */
  failure: (error: unknown, handleApiError: (error: unknown, fallback?: string) => string | null) => string | null;
  success: {
    alert?: { title: Message; text: Message };
    toast?: Message;
    /** Where to go (given the navigation state) once the alert is closed; without it the form starts over. */
    to?: (state: unknown) => string;
    /** Leave no history entry for the form: Back then skips the form that was just saved. */
    replace?: boolean;
  };
}

const BLANK: PlantFormInput = {
  plantName: '',
  category: '',
  careLevel: '',
  wateringFrequency: '',
  healthStatus: '',
  lastWateredDate: '',
  nextWateringDate: '',
  description: '',
  image: '',
  care: careFormValues(undefined),
};

/** `shared` for a request body: absent when the checkbox was not offered, so nothing changes without a household. */
const sharing = (shared: boolean | undefined) => (shared === undefined ? {} : { shared });

/** A new plant's species: absent when none was chosen. */
const newSpecies = (speciesId: string | null) => (speciesId ? { speciesId } : {});

/** A new plant's place: absent when it stands nowhere (or the box was not offered). */
const newPlace = (placeId: string | null | undefined) => (placeId ? { placeId } : {});

async function created(request: Promise<{ insertedId: string }>): Promise<SendResult> {
  const { insertedId } = await request;
  return insertedId ? { savedId: insertedId } : { failure: translate(messages.notConfirmed) };
}

/** Add Plant: the nine fields, all required, and a picture that is a photo to upload or a link. */
export const addPlantForm: PlantFormVariant<AddPlantValues> = {
  defaults: BLANK,
  resolver: addPlantResolvers.upload,
  linkResolver: addPlantResolvers.link,
  required: [
    'plantName',
    'category',
    'careLevel',
    'wateringFrequency',
    'healthStatus',
    'lastWateredDate',
    'nextWateringDate',
    'description',
    'image',
  ],
  categories: PLANT_FORM_CATEGORIES,
  categoryPlaceholder: messages.chooseCategory,
  careLevelPlaceholder: messages.chooseCareLevel,
  healthStatus: 'text',
  lastWatered: true,
  descriptionRows: 4,
  moreCare: true,
  picture: 'photo-or-link',
  skipPhotoText: messages.finishWithoutPhoto,
  submit: { idle: messages.addPlant, busy: messages.addingPlant },
  send: (values, photo, { shared, speciesId, placeId }) =>
    created(
      createPlant({
        ...values,
        image: photo ? undefined : values.image,
        care: careInputOf(values.care),
        ...sharing(shared),
        ...newSpecies(speciesId),
        ...newPlace(placeId),
      }),
    ),
  failure: (error, handleApiError) => plantFailure(error, handleApiError, translate(messages.addPlantFailed)),
  success: { alert: { title: messages.success, text: messages.plantAdded } },
};

/** A new item's health status, as the API's own default: a value of the model's, not a text. */
const NEW_ITEM_HEALTH = 'Healthy';

/** The dashboard's Add Item: plantName and category required, easy and Healthy by default. */
export const addItemForm: PlantFormVariant<AddItemValues> = {
  defaults: { ...BLANK, careLevel: 'easy', healthStatus: NEW_ITEM_HEALTH },
  presetFields: ['careLevel'],
  resolver: addItemResolver,
  required: ['plantName', 'category'],
  requiredMark: true,
  categories: DASHBOARD_CATEGORIES,
  categoryPlaceholder: messages.selectCategory,
  healthStatus: 'select',
  lastWatered: false,
  descriptionRows: 3,
  moreCare: true,
  picture: 'image-file',
  skipPhotoText: messages.goOnWithoutPhoto,
  submit: { idle: messages.addItem, busy: messages.addingItem },
  signedOutMessage: messages.notLoggedIn,
  // A chosen photo is stored as the placeholder until it arrives: the server counts that as no
  // image of the plant's own, so the uploaded photo becomes the cover.
  send: (values, photo, { shared, speciesId, placeId }) =>
    created(
      createPlant({
        ...values,
        image: photo ? PLACEHOLDER_PLANT_IMAGE : values.image,
        care: careInputOf(values.care),
        ...sharing(shared),
        ...newSpecies(speciesId),
        ...newPlace(placeId),
      }),
    ),
  failure: (error) => {
    if (!(error instanceof ApiError)) return translate(messages.addItemFailed);
    if (error.status === 401) return translate(messages.notLoggedIn);
    return error.message ? plantServerSentence(error) : translate(messages.addItemFailed);
  },
  success: { toast: messages.itemAdded, to: () => paths.dashboardMyItems },
};

/** Update Plant's notice when nothing changed, in English (the form says it in the app's language). */
export const UNCHANGED_MESSAGE: string = messages.unchanged.message;

/**
 * Update Plant: the eight fields prefilled from the plant, and under More care its schedules
 * (`care`: the owner's view of them; without it the schedules are left as they are). After a change
 * is stored: 'Updated!' and back to where the user came from (or My Plants).
 */
export function updatePlantForm(plant: Plant, care?: CareSchedules): PlantFormVariant<UpdatePlantValues> {
  return {
    defaults: {
      ...BLANK,
      plantName: plant.plantName,
      category: plant.category,
      careLevel: plant.careLevel,
      wateringFrequency: plant.wateringFrequency ?? '',
      healthStatus: plant.healthStatus,
      lastWateredDate: plant.lastWateredDate ?? '',
      nextWateringDate: plant.nextWateringDate ?? '',
      description: plant.description ?? '',
      care: careFormValues(care),
    },
    resolver: updatePlantResolver,
    required: [
      'plantName',
      'category',
      'careLevel',
      'wateringFrequency',
      'healthStatus',
      'lastWateredDate',
      'nextWateringDate',
    ],
    // A plant added on the dashboard can have a category this form does not offer; keep it.
    categories: (PLANT_FORM_CATEGORIES as readonly string[]).includes(plant.category)
      ? PLANT_FORM_CATEGORIES
      : [...PLANT_FORM_CATEGORIES, plant.category],
    healthStatus: 'text',
    lastWatered: true,
    descriptionRows: 4,
    moreCare: care !== undefined,
    currentCare: care,
    picture: 'none',
    submit: { idle: messages.updatePlant, busy: messages.updatingPlant },
    speciesId: plant.speciesId,
    send: async (values, _photo, { shared, speciesId, placeId }) => {
      const { modifiedCount } = await updatePlant(plant._id, {
        ...values,
        care: care ? careInputOf(values.care, care) : undefined,
        ...sharing(shared),
        // The species chosen, null when the plant's was cleared; absent when it never had one.
        ...(speciesId || plant.speciesId ? { speciesId } : {}),
        // The place chosen, null for none; absent when the box was not offered (it stays where it is).
        ...(placeId === undefined ? {} : { placeId }),
      });
      return modifiedCount > 0 ? { savedId: plant._id } : { notice: translate(messages.unchanged) };
    },
    failure: (error, handleApiError) =>
      error instanceof ApiError && error.status === 404
        ? translate(messages.plantNotFound)
        : plantFailure(error, handleApiError, translate(messages.updateFailed)),
    success: {
      alert: { title: messages.updated, text: messages.plantUpdated },
      to: returnPath,
      replace: true,
    },
  };
}
