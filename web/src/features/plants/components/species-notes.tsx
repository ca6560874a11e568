import { useLanguage, useT } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  writtenIn: {
    id: 'species.notesWrittenIn',
    message: '(in {language, select, en {English} es {Spanish} de {German} fr {French} other {another language}})',
  },
});

interface SpeciesNotesProps {
  notes: string;
  /** The language the catalogue wrote them in (the API's `notesLanguage`). */
  notesLanguage: Language;
}

/**
 * A species' care notes. The catalogue writes them in English only, so far: a reader of another
 * language is told which one they are in, and they carry their own `lang`, so that a screen reader
 * speaks them in it.
 */
export function SpeciesNotes({ notes, notesLanguage }: SpeciesNotesProps) {
  const t = useT();
  const language = useLanguage();
  if (notesLanguage === language) return <p className="break-words">{notes}</p>;
  return (
    <p className="break-words">
      <span lang={notesLanguage}>{notes}</span>{' '}
      <span className="text-sm text-slate-700 dark:text-slate-300">
        {t(messages.writtenIn, { language: notesLanguage })}
      </span>
    </p>
  );
}
