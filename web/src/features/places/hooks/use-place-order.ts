import { useEffect, useMemo, useRef, useState } from 'react';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { PLACES_PATH } from '../api/list-places';
import { reorderPlaces } from '../api/reorder-places';
import type { Place } from '../types';

const messages = defineMessages({
  moved: { id: 'places.order.moved', message: '{name} moved to stop {stop} of {count}.' },
});

/** `places` in the order of `ids`; any not named (one made meanwhile) after them, as they were. */
function inOrder(places: readonly Place[], ids: readonly string[]): Place[] {
  const at = new Map(ids.map((id, index) => [id, index]));
  return [...places].sort((a, b) => (at.get(a.id) ?? Infinity) - (at.get(b.id) ?? Infinity));
}

/**
 * The reader's walking order: `moveTo` shows a move at once and sends the whole order (PUT
 * /mango/places/order). Moves made one after another are sent one after another, so the last is
 * the one stored. The move shown stays over every answer until all moves are stored and the places
 * are read again; it gives way to the first places drawn after that read was asked for (not
 * before: the router draws them in a transition). So an answer to a read asked before a later move
 * never draws that move back. A move that failed is said by `onFailure`, and the order shown is the
 * one stored.
 */
export function usePlaceOrder(places: readonly Place[], onFailure: (error: unknown) => void) {
  /** The order shown, and once every move is stored, the places drawn when the read was asked for. */
  const [pending, setPending] = useState<{ ids: readonly string[]; storedOver: readonly Place[] | null } | null>(null);
  const latest = useRef(places);
  useEffect(() => {
    latest.current = places;
  }, [places]);
  const [announcement, setAnnouncement] = useState('');
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(0);
  const shown = useMemo(
    () =>
      pending && (pending.storedOver === null || pending.storedOver === places)
        ? inOrder(places, pending.ids)
        : [...places],
    [places, pending],
  );

  const moveTo = (id: string, index: number) => {
    const place = shown.find((item) => item.id === id);
    if (!place || index < 0 || index >= shown.length) return;
    const ids = shown.map((item) => item.id).filter((other) => other !== id);
    ids.splice(index, 0, id);
    if (ids.every((other, at) => other === shown[at]!.id)) return;
    setPending({ ids, storedOver: null });
    setAnnouncement(translate(messages.moved, { name: place.name, stop: index + 1, count: ids.length }));
    inFlight.current += 1;
    queue.current = queue.current
      .then(() => reorderPlaces(ids))
      .catch((error: unknown) => {
        setPending(null);
        setAnnouncement('');
        onFailure(error);
      })
      .finally(() => {
        inFlight.current -= 1;
        if (inFlight.current > 0) return;
        setPending((shown) => shown && { ...shown, storedOver: latest.current });
        void changed({ reread: [PLACES_PATH] });
      });
  };

  return { shown, moveTo, announcement };
}
