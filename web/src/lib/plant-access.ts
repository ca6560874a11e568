import type { Plant } from '@model';
import type { PlantAction } from '@model/household';

/** True when the signed-in user owns the plant: the answer's ownerUid is the owner's own uid. */
export function isOwner(plant: Pick<Plant, 'ownerUid'>, uid: string | null | undefined): boolean {
  return Boolean(uid && plant.ownerUid && plant.ownerUid === uid);
}

/**
 * What the signed-in user may do to a plant, as the server's answer says: everything when it is
 * theirs; when it is shared with their household, what their role allows (`may`, the server's own
 * list); nothing otherwise. The server decides again on every request: this only picks the controls
 * a page offers.
 */
export function mayOnPlant(
  view: Pick<Plant, 'ownerUid' | 'may'> | null | undefined,
  uid: string | null | undefined,
): (action: PlantAction) => boolean {
  if (view && isOwner(view, uid)) return () => true;
  const may = (uid && view?.may) || [];
  return (action) => may.includes(action);
}
