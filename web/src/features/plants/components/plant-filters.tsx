import { PET_SAFE_FILTERS, type PetSafeFilter, type PlantFacets } from '@model/plant-list';
import { useId } from 'react';
import { inputClass } from '@/components/ui/form-fields';
import { AnswerSuspense } from '@/lib/hydration';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import { useAnswer, type Answer } from '@/lib/server-state';
import { compareText } from '@/lib/text';
import { careLevelWord } from '@/lib/plant-status-words';
import { categoryWord, fieldLabels } from '../lib/plant-words';
import { describeSort, SORT_KEYS, sortLabel, type PlantQuery, type SortKey } from '../lib/plant-query';

const messages = defineMessages({
  search: { id: 'plants.filters.search', message: 'Search' },
  searchPlaceholder: { id: 'plants.filters.searchPlaceholder', message: 'Search by name...' },
  allCategories: { id: 'plants.filters.allCategories', message: 'All Categories' },
  allLevels: { id: 'plants.filters.allLevels', message: 'All Levels' },
  pets: { id: 'plants.filters.pets', message: 'Pets' },
  allPlants: { id: 'plants.filters.allPlants', message: 'All plants' },
  safeForBoth: { id: 'plants.filters.safeForBoth', message: 'Safe for cats and dogs' },
  safeForCats: { id: 'plants.filters.safeForCats', message: 'Safe for cats' },
  safeForDogs: { id: 'plants.filters.safeForDogs', message: 'Safe for dogs' },
  reset: { id: 'plants.filters.reset', message: 'Reset Filters' },
  sortBy: { id: 'plants.filters.sortBy', message: 'Sort by' },
});

export interface PlantFiltersProps {
  query: PlantQuery;
  /** The filter options (GET /mango/facets): the selects offer 'All' alone until they are in. */
  facets: Answer<PlantFacets | undefined>;
  onSearch: (search: string) => void;
  onCategory: (category: string) => void;
  onCareLevel: (careLevel: string) => void;
  onPetSafe: (petSafe: PetSafeFilter | '') => void;
  onSort: (key: SortKey) => void;
  onReset: () => void;
}

export const resetButtonClass =
  'inline-flex items-center justify-center rounded-lg border border-slate-400 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-800';

const labelClass = 'mb-1.5 block text-sm font-semibold text-slate-800 dark:text-slate-200';

/** A filter's options, plus the URL's value when the data does not have it (a stale bookmark). */
function withCurrent(options: readonly string[], value: string): readonly string[] {
  return value && !options.includes(value) ? [...options, value] : options;
}

const categoriesOf = (facets: PlantFacets) => [...facets.categories].sort(compareText);
const careLevelsOf = (facets: PlantFacets) => facets.careLevels;
const PET_SAFE_LABELS: Record<PetSafeFilter, Message> = {
  both: messages.safeForBoth,
  cats: messages.safeForCats,
  dogs: messages.safeForDogs,
};

interface SelectProps {
  id: string;
  /** The first option's label, for no filter. */
  all: string;
  value: string;
  onChange: (value: string) => void;
  /** An option's text, when it is not the value itself. */
  label?: (option: string) => string;
}

function Select({ id, all, value, onChange, label, options }: SelectProps & { options: readonly string[] }) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={`${inputClass} border-slate-400 dark:border-slate-600`}
    >
      <option value="">{all}</option>
      {withCurrent(options, value).map((option) => (
        <option key={option} value={option}>
          {label ? label(option) : option}
        </option>
      ))}
    </select>
  );
}

function SelectWithFacets({
  facets,
  pick,
  ...props
}: SelectProps & { facets: Answer<PlantFacets | undefined>; pick: (facets: PlantFacets) => readonly string[] }) {
  const loaded = useAnswer(facets);
  return <Select {...props} options={loaded ? pick(loaded) : []} />;
}

/** A filter whose options arrive with the filter options; it works meanwhile with 'All' (and the URL's value). */
function FacetSelect(
  props: SelectProps & { facets: Answer<PlantFacets | undefined>; pick: (facets: PlantFacets) => readonly string[] },
) {
  return (
    <AnswerSuspense fallback={<Select {...props} options={[]} />}>
      <SelectWithFacets {...props} />
    </AnswerSuspense>
  );
}

/** All Plants' search box, Category, Care Level and Pets filters, sort buttons and Reset Filters. */
export function PlantFilters({
  query,
  facets,
  onSearch,
  onCategory,
  onCareLevel,
  onPetSafe,
  onSort,
  onReset,
}: PlantFiltersProps) {
  const t = useT();
  const id = useId();
  const sortDescriptionId = `${id}-sort`;
  const petSafeLabel = (option: string) => t(PET_SAFE_LABELS[option as PetSafeFilter]);
  return (
    <div className="rounded-2xl bg-white p-4 shadow-md ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-search`} className={labelClass}>
            {t(messages.search)}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            placeholder={t(messages.searchPlaceholder)}
            autoComplete="off"
            value={query.search}
            onChange={(event) => onSearch(event.target.value)}
            className={`${inputClass} border-slate-400 dark:border-slate-600`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-category`} className={labelClass}>
            {t(fieldLabels.category)}
          </label>
          <FacetSelect
            id={`${id}-category`}
            all={t(messages.allCategories)}
            label={(option) => categoryWord(option, t)}
            value={query.category}
            onChange={onCategory}
            facets={facets}
            pick={categoriesOf}
          />
        </div>
        <div>
          <label htmlFor={`${id}-care`} className={labelClass}>
            {t(fieldLabels.careLevel)}
          </label>
          <FacetSelect
            id={`${id}-care`}
            all={t(messages.allLevels)}
            label={(option) => careLevelWord(option, t)}
            value={query.careLevel}
            onChange={onCareLevel}
            facets={facets}
            pick={careLevelsOf}
          />
        </div>
        <div>
          <label htmlFor={`${id}-pets`} className={labelClass}>
            {t(messages.pets)}
          </label>
          {/* Always all three: what the catalogue can say needs no count of the plants. */}
          <Select
            id={`${id}-pets`}
            all={t(messages.allPlants)}
            value={query.petSafe}
            // The select offers pet-safety filters alone (the URL's value is one, or '').
            onChange={(value) => onPetSafe(value as PetSafeFilter | '')}
            label={petSafeLabel}
            options={PET_SAFE_FILTERS}
          />
        </div>
        <button type="button" onClick={onReset} className={`${resetButtonClass} sm:self-end`}>
          {t(messages.reset)}
        </button>
      </div>
      <div role="group" aria-labelledby={`${id}-sort-label`} className="mt-4 flex flex-wrap items-center gap-2">
        <span id={`${id}-sort-label`} className="mr-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
          {t(messages.sortBy)}
        </span>
        {SORT_KEYS.map((key) => {
          const active = query.sort === key;
          return (
            <button
              key={key}
              type="button"
              aria-pressed={active}
              aria-describedby={active ? sortDescriptionId : undefined}
              onClick={() => onSort(key)}
              className={`inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-semibold ring-1 transition-colors ${
                active
                  ? 'bg-leaf-700 text-white ring-leaf-700 hover:bg-leaf-800'
                  : 'bg-white text-slate-800 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800'
              }`}
            >
              {sortLabel(key, t)}
              {active && (
                <span aria-hidden="true" data-direction={query.direction}>
                  {query.direction === 'asc' ? '↑' : '↓'}
                </span>
              )}
            </button>
          );
        })}
        <span id={sortDescriptionId} className="sr-only">
          {describeSort(query, t)}
        </span>
      </div>
    </div>
  );
}
