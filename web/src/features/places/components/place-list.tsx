import type { Plant } from '@model';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import { PlantImage } from '@/components/plant-image';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { LIGHT_OPTIONS } from '@/lib/light';
import { usePlaceOrder } from '../hooks/use-place-order';
import { cardClass, dangerClass, secondaryClass } from '../lib/places-ui';
import type { Place } from '../types';
import { PlaceForm, type SavedPlace } from './place-form';

const lightLabel = (light: Place['light']) => LIGHT_OPTIONS.find((option) => option.value === light)?.label ?? light;

const messages = defineMessages({
  plantCount: { id: 'places.plantCount', message: '{count, plural, one {# plant} other {# plants}}' },
  summary: {
    id: 'places.list.summary',
    message: '{light}, {outdoor, select, yes {outdoors} other {indoors}}; {plants}',
  },
  listLabel: { id: 'places.list.label', message: 'Your places, in walking order' },
  shared: { id: 'places.list.shared', message: 'Shared with your household' },
  moveUp: { id: 'places.list.moveUp', message: 'Move up' },
  moveDown: { id: 'places.list.moveDown', message: 'Move down' },
  edit: { id: 'places.list.edit', message: 'Edit' },
  delete: { id: 'places.list.delete', message: 'Delete' },
  deleting: { id: 'places.list.deleting', message: 'Deleting...' },
  editForm: { id: 'places.list.editForm', message: 'Edit {place}' },
  save: { id: 'places.list.save', message: 'Save place' },
  saving: { id: 'places.list.saving', message: 'Saving...' },
  plantsIn: { id: 'places.list.plantsIn', message: 'Plants in {place}' },
  noPlants: { id: 'places.list.noPlants', message: 'None of your plants stands here.' },
});

export interface PlaceListProps {
  places: readonly Place[];
  /** The reader's plants in each place, by the place's id. */
  plantsIn: ReadonlyMap<string, readonly Plant[]>;
  /** Whether the reader may change and delete `place` (a sitter may not change the household's). */
  mayChange: (place: Place) => boolean;
  onSave: (place: Place, values: SavedPlace) => Promise<string | null>;
  onDelete: (place: Place) => void;
  deletingId: string | null;
  /** A move that was not stored: the page says why. */
  onMoveFailed: (error: unknown) => void;
}

type Direction = 'up' | 'down';

const moveButtonId = (prefix: string, placeId: string, direction: Direction) => `${prefix}-${placeId}-${direction}`;

/**
 * The reader's places in their walking order, each with its light, the reader's plants in it (a
 * thumbnail and a link each), Edit (inline) and Delete. The order changes by dragging a place onto
 * another, or from the keyboard with Move up and Move down; focus stays on the button pressed.
 */
export function PlaceList({ places, plantsIn, mayChange, onSave, onDelete, deletingId, onMoveFailed }: PlaceListProps) {
  const id = useId();
  const t = useT();
  const { shown, moveTo, announcement } = usePlaceOrder(places, onMoveFailed);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  /** The Move button just pressed: an element moved in the list can lose focus as it is redrawn. */
  const pressed = useRef<{ placeId: string; direction: Direction } | null>(null);

  // Once the move is drawn, focus is on the button pressed; at the top (or the bottom) that one is
  // disabled, and the other one takes it.
  useEffect(() => {
    const move = pressed.current;
    pressed.current = null;
    if (!move) return;
    const other: Direction = move.direction === 'up' ? 'down' : 'up';
    const button = document.getElementById(moveButtonId(id, move.placeId, move.direction));
    const target =
      button instanceof HTMLButtonElement && button.disabled
        ? document.getElementById(moveButtonId(id, move.placeId, other))
        : button;
    if (target && document.activeElement !== target) target.focus();
  }, [id, shown]);

  const move = (place: Place, direction: Direction) => {
    pressed.current = { placeId: place.id, direction };
    moveTo(place.id, shown.indexOf(place) + (direction === 'up' ? -1 : 1));
  };

  const dropOn = (event: DragEvent, target: Place) => {
    event.preventDefault();
    const from = dragged ?? event.dataTransfer.getData('text/plain');
    setDragged(null);
    setOver(null);
    if (from && from !== target.id) moveTo(from, shown.indexOf(target));
  };

  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <ol aria-label={t(messages.listLabel)} className="space-y-4">
        {shown.map((place, index) => {
          const editing = editingId === place.id;
          const changeable = mayChange(place);
          const plants = plantsIn.get(place.id) ?? [];
          const headingId = `${id}-${place.id}-name`;
          return (
            <li
              key={place.id}
              aria-labelledby={headingId}
              draggable={!editing}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', place.id);
                setDragged(place.id);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDragOver={(event) => {
                if (!dragged || dragged === place.id) return;
                event.preventDefault();
                event.dataTransfer.dropEffect = 'move';
                setOver(place.id);
              }}
              onDragLeave={() => setOver((current) => (current === place.id ? null : current))}
              onDrop={(event) => dropOn(event, place)}
              className={`${cardClass} ${editing ? '' : 'cursor-grab'} ${
                over === place.id ? 'ring-2 ring-leaf-600' : ''
              } ${dragged === place.id ? 'opacity-60' : ''}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900 dark:text-white">
                    <span aria-hidden="true" className="mr-2 text-slate-500 select-none dark:text-slate-400">
                      {index + 1}.
                    </span>
                    {place.name}
                  </h2>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                    <span>
                      {t(messages.summary, {
                        light: lightLabel(place.light),
                        outdoor: place.outdoor ? 'yes' : 'no',
                        plants: t(messages.plantCount, { count: place.plantCount }),
                      })}
                    </span>
                    {place.shared && <Badge tone="green">{t(messages.shared)}</Badge>}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  {(['up', 'down'] as const).map((direction) => (
                    <button
                      key={direction}
                      id={moveButtonId(id, place.id, direction)}
                      type="button"
                      disabled={direction === 'up' ? index === 0 : index === shown.length - 1}
                      onClick={() => move(place, direction)}
                      className={secondaryClass}
                    >
                      {t(direction === 'up' ? messages.moveUp : messages.moveDown)}{' '}
                      <span className="sr-only">{place.name}</span>
                    </button>
                  ))}
                  {changeable && (
                    <>
                      <button
                        type="button"
                        aria-expanded={editing}
                        onClick={() => setEditingId(editing ? null : place.id)}
                        className={secondaryClass}
                      >
                        {t(messages.edit)} <span className="sr-only">{place.name}</span>
                      </button>
                      <button
                        type="button"
                        disabled={deletingId === place.id}
                        aria-busy={deletingId === place.id}
                        onClick={() => onDelete(place)}
                        className={dangerClass}
                      >
                        {t(deletingId === place.id ? messages.deleting : messages.delete)}{' '}
                        <span className="sr-only">{place.name}</span>
                      </button>
                    </>
                  )}
                </div>
              </div>
              {editing && (
                <div className="mt-4 cursor-auto">
                  <PlaceForm
                    label={t(messages.editForm, { place: place.name })}
                    initial={{ name: place.name, light: place.light, outdoor: place.outdoor, shared: place.shared }}
                    submitText={t(messages.save)}
                    busyText={t(messages.saving)}
                    onSave={async (values) => {
                      const failed = await onSave(place, values);
                      if (!failed) setEditingId(null);
                      return failed;
                    }}
                    onCancel={() => setEditingId(null)}
                  />
                </div>
              )}
              <PlantThumbs plants={plants} label={t(messages.plantsIn, { place: place.name })} />
            </li>
          );
        })}
      </ol>
    </>
  );
}

/** Plants as small pictures with their names, each a link to its page; a sentence when there are none. */
export function PlantThumbs({ plants, label }: { plants: readonly Plant[]; label: string }) {
  const t = useT();
  if (plants.length === 0)
    return <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t(messages.noPlants)}</p>;
  return (
    <ul aria-label={label} className="mt-3 flex flex-wrap gap-2">
      {plants.map((plant) => (
        <li key={plant._id} className="min-w-0 max-w-full">
          <Link
            to={paths.plant(plant._id)}
            draggable={false}
            className="flex min-w-0 items-center gap-2 rounded-lg bg-slate-50 py-1 pr-3 pl-1 text-sm font-semibold text-slate-900 ring-1 ring-slate-200 hover:bg-leaf-50 dark:bg-slate-800 dark:text-white dark:ring-slate-700 dark:hover:bg-slate-700"
          >
            <PlantImage
              plant={plant}
              alt=""
              sizes="40px"
              width={40}
              height={40}
              className="size-10 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
            />
            <span className="min-w-0 break-words">{plant.plantName}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
