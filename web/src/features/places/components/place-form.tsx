import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner, SelectField, TextField } from '@/components/ui/form-fields';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { LIGHT_OPTIONS } from '@/lib/light';
import { checkboxClass, checkboxLabelClass, primaryClass, secondaryClass } from '../lib/places-ui';
import { PLACE_NAME_MAX, type PlaceLight } from '../types';

export interface PlaceFormValues {
  name: string;
  light: PlaceLight | '';
  outdoor: boolean;
  shared: boolean;
}

/** What a saved place form hands over: checked, the name trimmed. */
export interface SavedPlace {
  name: string;
  light: PlaceLight;
  outdoor: boolean;
  shared: boolean;
}

const messages = defineMessages({
  nameRequired: { id: 'places.form.nameRequired', message: 'Name is required.' },
  nameTooLong: { id: 'places.form.nameTooLong', message: 'Name must be at most {max} characters.' },
  lightRequired: { id: 'places.form.lightRequired', message: 'Say how much light the place gets.' },
  name: { id: 'places.form.name', message: 'Name' },
  namePlaceholder: { id: 'places.form.namePlaceholder', message: 'e.g., Bedroom windowsill' },
  light: { id: 'places.form.light', message: 'Light' },
  lightPlaceholder: { id: 'places.form.lightPlaceholder', message: 'Choose the light there' },
  outdoors: { id: 'places.form.outdoors', message: 'Outdoors' },
  shared: { id: 'places.form.shared', message: 'Shared with my household' },
  cancel: { id: 'places.form.cancel', message: 'Cancel' },
});

// The sentences are made when a field is checked, so they are in the app's language of that moment.
const NAME_RULES = {
  validate: (value: string) => {
    const name = value.trim();
    if (!name) return translate(messages.nameRequired);
    if (name.length > PLACE_NAME_MAX) return translate(messages.nameTooLong, { max: PLACE_NAME_MAX });
    return true;
  },
};
const LIGHT_RULES = { validate: (value: string) => value !== '' || translate(messages.lightRequired) };

const BLANK: PlaceFormValues = { name: '', light: '', outdoor: false, shared: false };

/**
 * A place's name, light and whether it is outdoors: the form that makes one (with "Shared with my
 * household" when `offerShare`) and a place's Edit. `onSave` sends it and resolves with the sentence
 * to show when it failed, or null; a new place's form then starts over.
 */
export function PlaceForm({
  label,
  initial = BLANK,
  offerShare = false,
  submitText,
  busyText,
  onSave,
  onCancel,
}: {
  /** The form's accessible name ("New place", "Edit Balcony"). */
  label: string;
  initial?: PlaceFormValues;
  offerShare?: boolean;
  submitText: string;
  busyText: string;
  onSave: (place: SavedPlace) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const nameId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PlaceFormValues>({ defaultValues: initial });
  /** How many places this form has made, and how many of them it has started over after. */
  const [made, setMade] = useState(0);
  const startedOver = useRef(0);

  // After a new place, the form starts over once its fields are enabled again (a disabled field takes no focus).
  useEffect(() => {
    if (isSubmitting || made === startedOver.current) return;
    startedOver.current = made;
    reset(BLANK);
    // Not react-hook-form's setFocus, which just after a reset left focus where it was.
    document.getElementById(nameId)?.focus();
  }, [made, isSubmitting, reset, nameId]);

  const onSubmit = handleSubmit(async ({ name, light, outdoor, shared }) => {
    setFailure(null);
    const failed = await onSave({
      name: name.trim(),
      light: light as PlaceLight,
      outdoor,
      shared: offerShare && shared,
    });
    setFailure(failed);
    if (!failed && !onCancel) setMade((count) => count + 1);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} aria-busy={isSubmitting} className="space-y-4">
      {failure && <Banner tone="error">{failure}</Banner>}
      <fieldset disabled={isSubmitting} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id={nameId}
          label={t(messages.name)}
          required
          maxLength={PLACE_NAME_MAX}
          autoComplete="off"
          placeholder={t(messages.namePlaceholder)}
          error={errors.name?.message}
          {...register('name', NAME_RULES)}
        />
        <SelectField
          label={t(messages.light)}
          required
          placeholder={t(messages.lightPlaceholder)}
          options={LIGHT_OPTIONS}
          error={errors.light?.message}
          {...register('light', LIGHT_RULES)}
        />
        <div className="flex flex-col gap-2 sm:col-span-2">
          <label className={checkboxLabelClass}>
            <input type="checkbox" className={checkboxClass} {...register('outdoor')} />
            <span className="min-w-0">{t(messages.outdoors)}</span>
          </label>
          {offerShare && (
            <label className={checkboxLabelClass}>
              <input type="checkbox" className={checkboxClass} {...register('shared')} />
              <span className="min-w-0">{t(messages.shared)}</span>
            </label>
          )}
        </div>
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" className={primaryClass}>
            {isSubmitting && <ButtonSpinner />}
            {isSubmitting ? busyText : submitText}
          </button>
          {onCancel && (
            <button type="button" onClick={onCancel} className={secondaryClass}>
              {t(messages.cancel)}
            </button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
