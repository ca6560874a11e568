/*
 * The web app's All Plants order as it was when the browser sorted (web/src/lib/text.ts compareText
 * and web/src/features/plants/lib/plant-query.ts comparePlants, before the list was paged by the server), kept verbatim as
 * the oracle the server's stored keys must reproduce. Only the id tie-break is added: the server's
 * keys end with the document id so that paging never skips or repeats a plant.
 */
import { careLevelRank } from '../../src/model/care';
import { isCalendarDate } from '../../src/model/validators';

function folded(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/(\d+)/);
}

export function compareText(a: string, b: string): number {
  const x = folded(a);
  const y = folded(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const left = x[i]!;
    const right = y[i]!;
    if (left === right) continue;
    if (i % 2 === 1 && Number(left) !== Number(right)) return Number(left) < Number(right) ? -1 : 1;
    if (i % 2 === 0) return left < right ? -1 : 1;
  }
  return Math.sign(x.length - y.length);
}

export interface OrderedPlant {
  _id: string;
  plantName: string;
  careLevel: string;
  nextWateringDate?: string;
}

function wateringDate(plant: OrderedPlant): string | undefined {
  const date = plant.nextWateringDate?.trim();
  return date && isCalendarDate(date) ? date : undefined;
}

export type Sort = 'plantName' | 'careLevel' | 'nextWateringDate';

/** Every order All Plants offers: each sort, ascending and descending. */
export const ALL_ORDERS: [Sort, 'asc' | 'desc'][] = [
  ['plantName', 'asc'],
  ['plantName', 'desc'],
  ['careLevel', 'asc'],
  ['careLevel', 'desc'],
  ['nextWateringDate', 'asc'],
  ['nextWateringDate', 'desc'],
];

/** Today's comparator, then the id (in the order's direction for names, ascending otherwise). */
export function todaysOrder(sort: Sort, direction: 'asc' | 'desc'): (a: OrderedPlant, b: OrderedPlant) => number {
  const sign = direction === 'asc' ? 1 : -1;
  const byId = (a: OrderedPlant, b: OrderedPlant) =>
    (a._id < b._id ? -1 : a._id > b._id ? 1 : 0) * (sort === 'plantName' ? sign : 1);
  return (a, b) => {
    let primary = 0;
    if (sort === 'plantName') primary = compareText(a.plantName, b.plantName);
    else if (sort === 'careLevel') primary = careLevelRank(a.careLevel) - careLevelRank(b.careLevel);
    else {
      const [da, db] = [wateringDate(a), wateringDate(b)];
      if (!da || !db) {
        if (da || db) return da ? -1 : 1;
      } else primary = da < db ? -1 : da > db ? 1 : 0;
    }
    if (primary !== 0) return primary * sign;
    return compareText(a.plantName, b.plantName) || byId(a, b);
  };
}
