import type { Species } from '@model/species';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { borderClass, inputClass, labelClass } from '@/components/ui/form-fields';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useSpeciesSearch, type SpeciesSearch } from '../hooks/use-species-search';
import { SpeciesOptionNames, useSpeciesNameFor } from './species-names';

const messages = defineMessages({
  label: { id: 'plants.speciesBox.label', message: 'Species (optional)' },
  searching: { id: 'plants.speciesBox.searching', message: 'Searching...' },
  noMatch: { id: 'plants.speciesBox.noMatch', message: 'No species matches “{query}”.' },
  matches: {
    id: 'plants.speciesBox.matches',
    message:
      '{count, plural, one {# species matches. Use the arrow keys to choose.} other {# species match. Use the arrow keys to choose.}}',
  },
  pendingFailed: {
    id: 'plants.speciesBox.pendingFailed',
    message: "The plant's species ({id}) could not be loaded.",
  },
  pendingLoading: { id: 'plants.speciesBox.pendingLoading', message: "Loading the plant's species..." },
  clear: { id: 'plants.speciesBox.clear', message: 'Clear species' },
  example: { id: 'plants.speciesBox.example', message: 'e.g., Monstera' },
  list: { id: 'plants.speciesBox.list', message: 'Species' },
  help: { id: 'plants.speciesBox.help', message: 'Type two or more letters of its name to fill in its care.' },
});
const noteClass = 'mt-1.5 text-sm text-slate-700 dark:text-slate-300';

export interface SpeciesComboboxProps {
  /** The species chosen; null for none. */
  chosen: Species | null;
  /** A species known only by its id (the plant's, on Update) while it loads, or after it failed to. */
  pending?: { id: string; failed: boolean } | null;
  onChoose: (species: Species) => void;
  onClear: () => void;
  /** Under the chosen species: what it filled in. */
  hint?: string;
  className?: string;
}

function statusText(search: SpeciesSearch, t: typeof translate): string {
  if (search.status === 'searching') return t(messages.searching);
  if (search.status === 'failed') return search.message;
  if (search.status === 'found') {
    const count = search.species.length;
    if (count === 0) return t(messages.noMatch, { query: search.query });
    return t(messages.matches, { count });
  }
  return '';
}

/**
 * "Species (optional)": a search of the species catalogue, as the WAI-ARIA 1.2 combobox pattern
 * (an input with a listbox popup): from two typed characters it lists matching species; arrows
 * move through them, Enter or a click picks one, Escape closes the list. Once a species is
 * chosen, it shows that species and "Clear species" instead of the input.
 */
export function SpeciesCombobox({ chosen, pending, onChoose, onClear, hint, className = '' }: SpeciesComboboxProps) {
  const t = useT();
  const id = useId();
  const nameFor = useSpeciesNameFor();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const showing = chosen !== null || Boolean(pending);
  const search = useSpeciesSearch(showing ? '' : text);
  const options = search.status === 'found' ? search.species : [];
  const expanded = open && options.length > 0;
  const active = expanded ? options.findIndex((species) => species._id === activeId) : -1;
  const optionId = (species: Species) => `${listId}-${species._id}`;

  const input = useRef<HTMLInputElement>(null);
  const clear = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** Where the focus goes once the box has changed: the input it replaced is gone, or is back. */
  const focusNext = useRef<'input' | 'clear' | null>(null);
  useEffect(() => {
    const target = focusNext.current === 'clear' ? clear.current : focusNext.current === 'input' ? input.current : null;
    focusNext.current = null;
    target?.focus();
  }, [showing]);

  useEffect(() => {
    if (active < 0) return;
    // jsdom has no scrollIntoView.
    list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const pick = (species: Species) => {
    focusNext.current = 'clear';
    setText('');
    setOpen(false);
    setActiveId(null);
    onChoose(species);
  };

  const move = (step: 1 | -1) => {
    const count = options.length;
    const from = active < 0 ? (step === 1 ? -1 : count) : active;
    setActiveId(options[(from + step + count) % count]!._id);
    setOpen(true);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && options.length > 0) {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && expanded) {
      // Enter picks; with the list open it never submits the form.
      event.preventDefault();
      if (active >= 0) pick(options[active]!);
    } else if (event.key === 'Escape' && (expanded || text)) {
      event.preventDefault();
      if (expanded) setOpen(false);
      else setText('');
    }
  };

  if (showing) {
    const labelId = `${id}-label`;
    const chosenName = chosen && nameFor(chosen);
    return (
      <div role="group" aria-labelledby={labelId} className={className}>
        <p id={labelId} className={labelClass}>
          {t(messages.label)}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-slate-300 bg-white px-3 py-2.5 dark:border-slate-600 dark:bg-slate-950">
          {chosen ? (
            <p className="min-w-0 break-words text-slate-900 dark:text-slate-100">
              {chosenName !== null && (
                <>
                  <span className="font-semibold">{chosenName}</span>{' '}
                </>
              )}
              <i className="text-slate-700 dark:text-slate-300">{chosen.scientificName}</i>
            </p>
          ) : (
            <p role="status" className="min-w-0 break-words text-slate-700 dark:text-slate-300">
              {pending?.failed ? t(messages.pendingFailed, { id: pending.id }) : t(messages.pendingLoading)}
            </p>
          )}
          <button
            ref={clear}
            type="button"
            onClick={() => {
              focusNext.current = 'input';
              onClear();
            }}
            className="rounded-md px-2 py-1 text-sm font-semibold text-leaf-800 underline hover:text-leaf-900 disabled:opacity-60 dark:text-leaf-50"
          >
            {t(messages.clear)}
          </button>
        </div>
        {chosen && hint && <p className={noteClass}>{hint}</p>}
      </div>
    );
  }

  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {t(messages.label)}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={t(messages.example)}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(options[active]!) : undefined}
          aria-describedby={`${id}-help`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className={`${inputClass} ${borderClass()}`}
        />
        <ul
          ref={list}
          id={listId}
          role="listbox"
          aria-label={t(messages.list)}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-900"
        >
          {options.map((species, index) => (
            <li
              key={species._id}
              id={optionId(species)}
              role="option"
              aria-selected={index === active}
              // Keeps the focus in the input, so the click is not lost to its blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(species)}
              className={`cursor-pointer px-3 py-2 break-words ${
                index === active
                  ? 'bg-leaf-50 text-slate-900 ring-2 ring-leaf-700 ring-inset dark:bg-leaf-900 dark:text-white dark:ring-leaf-600'
                  : 'text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800'
              }`}
            >
              <SpeciesOptionNames
                name={nameFor(species, search.status === 'found' ? search.query : '')}
                scientificName={species.scientificName}
              />
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-help`} className={noteClass}>
        {t(messages.help)}
      </p>
      <p role="status" className="mt-1 min-h-5 text-sm font-medium text-slate-800 dark:text-slate-200">
        {statusText(search, t)}
      </p>
    </div>
  );
}
