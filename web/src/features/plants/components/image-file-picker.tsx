import { useId, useState, type ChangeEvent } from 'react';
import { ImageIcon } from '@/components/ui/dashboard-icons';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  notAnImage: { id: 'plants.imageFile.notAnImage', message: '"{name}" is not an image. Please choose an image file.' },
  selected: { id: 'plants.imageFile.selected', message: 'Selected file: {name}' },
  none: { id: 'plants.imageFile.none', message: 'No file selected.' },
  hint: {
    id: 'plants.imageFile.hint',
    message: 'The photo becomes the item’s picture. A large photo is made smaller on your device before it is sent.',
  },
});

/** What the file input takes: any image (a hint to the file dialog). */
const IMAGE_FILES = 'image/*';
/** The MIME type prefix of images. */
const IMAGE_TYPE = 'image/';

/** Image files only: the input's `accept` is only a hint to the file dialog. */
const isImageFile = (file: Pick<File, 'type'>) => file.type.startsWith(IMAGE_TYPE);

/**
 * The dashboard's image file picker: the chosen file's name under it, and a sentence for a file
 * that is not an image. The form uploads the file as the plant's first photo.
 */
export function ImageFilePicker({
  label,
  onChange,
  disabled,
  resetKey,
}: {
  label: string;
  /** Called with the chosen image, or null when the choice was cleared or was not an image. */
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** Bumped by the form to clear the input (a new key is a fresh, empty file input). */
  resetKey: number;
}) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(resetKey);
  if (seen !== resetKey) {
    // The form started over: forget the chosen file along with the input.
    setSeen(resetKey);
    setName(null);
    setError(null);
  }
  // A new key gives a fresh, empty file input: the way to clear one without touching the DOM.
  const [clears, setClears] = useState(0);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setError(null);
    if (file && !isImageFile(file)) {
      setClears((count) => count + 1);
      setName(null);
      setError(translate(messages.notAnImage, { name: file.name }));
      onChange(null);
      return;
    }
    setName(file?.name ?? null);
    onChange(file);
  };

  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-slate-400 p-3 dark:border-slate-600">
        <ImageIcon size={24} className="text-slate-600 dark:text-slate-400" />
        <input
          key={`${resetKey}-${clears}`}
          id={id}
          type="file"
          accept={IMAGE_FILES}
          aria-describedby={`${id}-status ${id}-hint`}
          aria-invalid={error ? true : undefined}
          disabled={disabled}
          onChange={choose}
          className="min-w-0 flex-1 text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-leaf-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-leaf-800 dark:text-slate-200"
        />
      </div>
      <p
        id={`${id}-status`}
        aria-live="polite"
        className="mt-1.5 text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {name ? t(messages.selected, { name }) : t(messages.none)}
      </p>
      {error && <p className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">{error}</p>}
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t(messages.hint)}
      </p>
    </div>
  );
}
