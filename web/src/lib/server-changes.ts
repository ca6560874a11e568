import { useMemo, useSyncExternalStore } from 'react';
import { useRevalidator } from 'react-router-dom';
import { changesBefore, countChange, refresh } from './server-state';

export { refresh };

/*
 * The write half of the server-state model (docs/decisions/write-model.md): `changed` is the one way
 * a view takes in a change it made, `refresh` the one way it reads its page again (Try again, a new
 * day). It lives beside server-state.ts rather than in it so that `/`, which changes nothing, does
 * not download it.
 */

/** Whether the page shown is being read again (Try again waits, disabled, meanwhile). */
export function useRefreshing(): boolean {
  return useRevalidator().state === 'loading';
}

/** Something an answer names by its id: a plant. */
interface Identified {
  _id: string;
}

/**
 * The changes the server answered with what it stored (a watering, its Undo and a new cover answer
 * the plant; a delete leaves none), by id, each with its number (`countChange`).
 */
const known = new Map<string, { at: number; item: Identified | null }>();
let latest = 0;
const listeners = new Set<() => void>();

export interface Change {
  /** What the server answered the change with (the plant as stored): shown in place of its copies. */
  answered?: readonly Identified[];
  /** The ids the change removed (a delete): left out. */
  removed?: readonly string[];
  /**
   * What the answer does not tell (the journal's new entry, the summary's counts): these answer
   * paths are read again, or with `'page'` every answer of the page shown (an import).
   */
  reread?: readonly string[] | 'page';
}

/**
 * The one way a view takes in a change it made. What the server answered is laid over every answer
 * asked for before the change, on every page that shows it, at once and without another request
 * (`useChanges`); what it did not answer is read again. Resolves once the re-reads are in.
 */
export function changed({ answered = [], removed = [], reread = [] }: Change): Promise<void> {
  if (answered.length > 0 || removed.length > 0) {
    const at = (latest = countChange());
    for (const item of answered) known.set(item._id, { at, item });
    for (const id of removed) known.set(id, { at, item: null });
    for (const listener of listeners) listener();
  }
  return refresh(reread === 'page' ? undefined : reread);
}

/** `items` of `answer` (what a read answered, or part of it) as the changes made since it was asked for left them. */
export type Overlay = <T extends Identified>(answer: object, items: readonly T[]) => T[];

const overlayUpTo =
  (upTo: number): Overlay =>
  <T extends Identified>(answer: object, items: readonly T[]): T[] => {
    const asked = changesBefore(answer);
    if (asked === undefined || asked >= upTo) return [...items];
    return items.flatMap((item) => {
      const change = known.get(item._id);
      if (!change || change.at <= asked || change.at > upTo) return [item];
      // A change answers the same kind of thing its id names in every answer (a plant for a plant).
      return change.item ? [change.item as T] : [];
    });
  };

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const changesSoFar = () => latest;

/** The overlay of the changes made so far; a new one (and a render) after every change. */
export function useChanges(): Overlay {
  const upTo = useSyncExternalStore(subscribe, changesSoFar, changesSoFar);
  return useMemo(() => overlayUpTo(upTo), [upTo]);
}
