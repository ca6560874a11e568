import { useId, useState, type ChangeEvent } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  notImage: { id: 'ui.photoPicker.notImage', message: '"{name}" is not an image. Please choose a photo.' },
  selected: { id: 'ui.photoPicker.selected', message: 'Selected photo: {name}' },
  none: { id: 'ui.photoPicker.none', message: 'No photo selected.' },
});

const isImageFile = (file: Pick<File, 'type'>) => file.type.startsWith('image/');

export interface PhotoPickerProps {
  label: string;
  /** Called with the chosen image, or null when the choice was cleared or was not an image. */
  onChange: (file: File | null) => void;
  /** A sentence from the form (no photo chosen yet). */
  error?: string | null;
  disabled?: boolean;
  /** Bumped by the form to clear the input (a new key is a fresh, empty file input). */
  resetKey?: number;
}

/**
 * A file input for one photo. `accept="image/*"` makes phones offer the camera beside the photo
 * library; `capture` is left out on purpose, since it would open the camera alone and hide the
 * library (a photo taken earlier could not be chosen).
 */
export function PhotoPicker({ label, onChange, error, disabled, resetKey = 0 }: PhotoPickerProps) {
  const id = useId();
  const t = useT();
  const [name, setName] = useState<string | null>(null);
  /** The name of a chosen file that is not an image. */
  const [notImage, setNotImage] = useState<string | null>(null);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    // The form started over: forget the chosen file along with the input.
    setKey(resetKey);
    setName(null);
    setNotImage(null);
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setNotImage(null);
    if (file && !isImageFile(file)) {
      setName(null);
      setNotImage(file.name);
      onChange(null);
      return;
    }
    setName(file?.name ?? null);
    onChange(file);
  };

  const message = notImage !== null ? t(messages.notImage, { name: notImage }) : error;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        key={key}
        id={id}
        type="file"
        accept="image/*"
        disabled={disabled}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${statusId} ${errorId}` : statusId}
        onChange={choose}
        className="w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-leaf-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-leaf-800 disabled:opacity-60 dark:text-slate-200"
      />
      <p id={statusId} aria-live="polite" className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
        {name ? t(messages.selected, { name }) : t(messages.none)}
      </p>
      {message && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
          {message}
        </p>
      )}
    </div>
  );
}
