import { HOUSEHOLD_NAME_MAX } from '@model/household';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner, TextField } from '@/components/ui/form-fields';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { primaryClass } from '../lib/household-ui';

const messages = defineMessages({
  required: { id: 'households.name.required', message: 'Name is required.' },
  tooLong: { id: 'households.name.tooLong', message: 'Name must be at most {max, number} characters.' },
});

const NAME_RULES = {
  validate: (value: string) => {
    const name = value.trim();
    if (!name) return translate(messages.required);
    if (name.length > HOUSEHOLD_NAME_MAX) return translate(messages.tooLong, { max: HOUSEHOLD_NAME_MAX });
    return true;
  },
};

/**
 * A household's name: the form that creates one, and the owner's Rename. `onSave` sends it and
 * resolves with the sentence to show when it failed (the server's), or null.
 */
export function HouseholdNameForm({
  label,
  submitText,
  busyText,
  initialName = '',
  onSave,
}: {
  label: string;
  submitText: string;
  busyText: string;
  initialName?: string;
  onSave: (name: string) => Promise<string | null>;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ defaultValues: { name: initialName } });

  const onSubmit = handleSubmit(async ({ name }) => {
    setFailure(null);
    setFailure(await onSave(name.trim()));
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSubmitting} className="space-y-4">
      {failure && <Banner tone="error">{failure}</Banner>}
      <fieldset disabled={isSubmitting} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={label}
          required
          maxLength={HOUSEHOLD_NAME_MAX}
          autoComplete="off"
          className="min-w-0 flex-1"
          error={errors.name?.message}
          {...register('name', NAME_RULES)}
        />
        <button type="submit" className={`${primaryClass} shrink-0 sm:mt-7`}>
          {isSubmitting && <ButtonSpinner />}
          {isSubmitting ? busyText : submitText}
        </button>
      </fieldset>
    </form>
  );
}
