import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FieldPath, Filter, type Firestore, type Query } from 'firebase-admin/firestore';

/** What a query the code ran asks of Firestore's indexes. */
export interface RecordedQuery {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  filters: { field: string; op: string }[];
  orders: { field: string; direction: 'asc' | 'desc' }[];
}

interface IndexField {
  fieldPath: string;
  order?: 'ASCENDING' | 'DESCENDING';
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: 'COLLECTION' | 'COLLECTION_GROUP';
  fields: IndexField[];
}

type Condition = RecordedQuery['filters'][number];
/** A query as it is built: Firestore runs an `or` as one query per branch (disjunctive normal form), each on its own index. */
type QuerySpec = Omit<RecordedQuery, 'filters'> & { branches: Condition[][] };

/**
 * A Filter object (Filter.where, Filter.and, Filter.or) as its branches of conditions. Its fields
 * are read through firebase-admin's internal getters, the only way to see inside a Filter.
 */
function branchesOf(filter: Filter): Condition[][] {
  const composite = filter as unknown as { _getFilters?: () => Filter[]; _getOperator: () => string };
  if (composite._getFilters) {
    const parts = composite._getFilters().map(branchesOf);
    if (composite._getOperator() === 'OR') return parts.flat();
    return parts.reduce<Condition[][]>((all, part) => all.flatMap((a) => part.map((b) => [...a, ...b])), [[]]);
  }
  const unary = filter as unknown as { _getField: () => unknown; _getOperator: () => string };
  const field = unary._getField();
  if (typeof field !== 'string')
    throw new Error('The query recorder understands Filter.where with a string field only; teach it FieldPaths.');
  return [[{ field, op: unary._getOperator() }]];
}

/** Query methods that return a new query with the same index needs. */
const REFINERS = new Set([
  'limit',
  'limitToLast',
  'offset',
  'startAt',
  'startAfter',
  'endAt',
  'endBefore',
  'select',
  'withConverter',
]);
/** Query methods that run it. */
const RUNNERS = new Set(['get', 'stream', 'count', 'aggregate', 'onSnapshot', 'explain', 'explainStream']);

/**
 * Wraps a firebase-admin Firestore so that every query run through it is recorded with its
 * filters and orderings. Everything else passes straight through to the real instance.
 */
export function recordQueries(db: Firestore): { db: Firestore; queries: RecordedQuery[] } {
  const queries: RecordedQuery[] = [];
  const specs = new WeakMap<object, QuerySpec>();
  const record = ({ branches, ...query }: QuerySpec) => {
    for (const filters of branches) queries.push({ ...query, filters });
  };

  function wrap<Q extends Query>(query: Q, spec: QuerySpec): Q {
    const proxy = new Proxy(query, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (property === 'where') {
          return (...args: unknown[]) => {
            let added: Condition[][];
            if (args.length === 1 && args[0] instanceof Filter) added = branchesOf(args[0]);
            else if (args.length === 3 && typeof args[0] === 'string' && typeof args[1] === 'string')
              added = [[{ field: args[0], op: args[1] }]];
            else
              throw new Error(
                'The query recorder understands where(field, op, value) and where(Filter) only; teach it FieldPaths before using them.',
              );
            return wrap(method.apply(target, args) as Query, {
              ...spec,
              branches: spec.branches.flatMap((branch) => added.map((more) => [...branch, ...more])),
            });
          };
        }
        if (property === 'orderBy') {
          return (...args: unknown[]) => {
            const field =
              args[0] instanceof FieldPath && args[0].isEqual(FieldPath.documentId()) ? DOCUMENT_ID : args[0];
            if (typeof field !== 'string')
              throw new Error(
                'The query recorder understands orderBy(field, direction) with a string field or the document id only.',
              );
            const direction = args[1] === 'desc' ? 'desc' : 'asc';
            return wrap(method.apply(target, args) as Query, {
              ...spec,
              orders: [...spec.orders, { field, direction }],
            });
          };
        }
        if (typeof property === 'string' && REFINERS.has(property))
          return (...args: unknown[]) => wrap(method.apply(target, args) as Query, spec);
        if (typeof property === 'string' && RUNNERS.has(property)) {
          return (...args: unknown[]) => {
            record(spec);
            return method.apply(target, args);
          };
        }
        return method.bind(target);
      },
    });
    specs.set(proxy, spec);
    return proxy;
  }

  const collectionIdOf = (pathOrId: string) => pathOrId.split('/').pop()!;

  const recordingDb = new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'collection') {
        return (collectionPath: string) =>
          wrap(target.collection(collectionPath), {
            collectionGroup: collectionIdOf(collectionPath),
            queryScope: 'COLLECTION',
            branches: [[]],
            orders: [],
          });
      }
      if (property === 'collectionGroup') {
        return (collectionId: string) =>
          wrap(target.collectionGroup(collectionId), {
            collectionGroup: collectionId,
            queryScope: 'COLLECTION_GROUP',
            branches: [[]],
            orders: [],
          });
      }
      if (property === 'runTransaction') {
        // Queries read inside a transaction (transaction.get(query)) count too.
        return (update: (transaction: object) => unknown, options?: object) =>
          target.runTransaction(
            (transaction) =>
              update(
                new Proxy(transaction, {
                  get(tx, name) {
                    const member: unknown = Reflect.get(tx, name, tx);
                    if (name !== 'get' || typeof member !== 'function')
                      return typeof member === 'function' ? member.bind(tx) : member;
                    return (refOrQuery: object, ...rest: unknown[]) => {
                      const spec = specs.get(refOrQuery);
                      if (spec) record(spec);
                      return (member as (...args: unknown[]) => unknown).call(tx, refOrQuery, ...rest);
                    };
                  },
                }),
              ) as Promise<unknown>,
            options,
          );
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: recordingDb, queries };
}

const EQUALITY_OPS = new Set(['==', 'in', 'array-contains', 'array-contains-any']);
/** How an ordering by the document id is recorded. */
const DOCUMENT_ID = '__name__';

/**
 * The composite index a query needs, or null when Firestore's automatic single-field indexes
 * serve it (one field only, or equality filters only, which Firestore merges).
 */
export function requiredIndex(query: RecordedQuery): CompositeIndex | null {
  const equality = new Map<string, IndexField>();
  for (const { field, op } of query.filters) {
    if (EQUALITY_OPS.has(op))
      equality.set(
        field,
        op.startsWith('array') ? { fieldPath: field, arrayConfig: 'CONTAINS' } : { fieldPath: field },
      );
  }
  const orders = query.orders.filter((o) => !equality.has(o.field));
  // Every index ends with the document id, in the direction of the ordering before it (ascending
  // alone): an ordering by the id that matches that asks for nothing more.
  const last = orders.at(-1);
  if (last?.field === DOCUMENT_ID && last.direction === (orders.at(-2)?.direction ?? 'asc')) orders.pop();
  // Inequality fields without an explicit ordering are ordered ascending after the explicit ones.
  for (const { field, op } of query.filters) {
    if (!EQUALITY_OPS.has(op) && !orders.some((o) => o.field === field)) orders.push({ field, direction: 'asc' });
  }
  const fields = new Set([...equality.keys(), ...orders.map((o) => o.field)]);
  if (fields.size <= 1 || orders.length === 0) return null;
  return {
    collectionGroup: query.collectionGroup,
    queryScope: query.queryScope,
    fields: [
      ...equality.values(),
      ...orders.map((o): IndexField => ({
        fieldPath: o.field,
        order: o.direction === 'desc' ? 'DESCENDING' : 'ASCENDING',
      })),
    ],
  };
}

/** Whether an index in the file serves the required one: equality fields in any order, then the orderings exactly. */
export function isServedBy(required: CompositeIndex, declared: CompositeIndex[]): boolean {
  const equalityCount = required.fields.filter((f) => f.order === undefined).length;
  return declared.some((index) => {
    if (
      index.collectionGroup !== required.collectionGroup ||
      (index.queryScope ?? 'COLLECTION') !== required.queryScope
    )
      return false;
    if (index.fields.length !== required.fields.length) return false;
    const head = index.fields.slice(0, equalityCount);
    const equalityOk = required.fields
      .slice(0, equalityCount)
      .every((need) =>
        head.some(
          (f) =>
            f.fieldPath === need.fieldPath && (need.arrayConfig ? f.arrayConfig === 'CONTAINS' : f.order !== undefined),
        ),
      );
    const ordersOk = required.fields
      .slice(equalityCount)
      .every(
        (need, i) =>
          index.fields[equalityCount + i]!.fieldPath === need.fieldPath &&
          index.fields[equalityCount + i]!.order === need.order,
      );
    return equalityOk && ordersOk;
  });
}

/** firestore.indexes.json as `firebase deploy` reads it. */
export function indexConfig(): { indexes: CompositeIndex[]; fieldOverrides?: unknown[] } {
  return JSON.parse(readFileSync(path.resolve(__dirname, '../../../firestore.indexes.json'), 'utf8'));
}

export function declaredIndexes(): CompositeIndex[] {
  return indexConfig().indexes;
}
