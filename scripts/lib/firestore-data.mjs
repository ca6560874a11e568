// Saves and restores the Firestore stand-in's documents, so local data survives a restart.
// The stand-in keeps everything in memory; its state.toJSON() is the only way to read it all
// (it has no listCollections), and documents go back in through firebase-admin.

/**
 * @typedef {{ type: string, value: any }} StoredValue
 * @typedef {{ path: string, fields: Record<string, StoredValue> }} StoredDocument
 */

/**
 * Every existing document of one project, as `{ path, fields }` with paths relative to the
 * database root ("plants/abc", "plants/abc/events/xyz").
 * @param {import('@firestore-emulator/server').FirestoreServer} server
 * @param {string} projectId
 * @returns {StoredDocument[]}
 */
export function dumpDocuments(server, projectId) {
  /** @type {any} */
  const json = server.state.toJSON();
  const databases = json.projects?.[projectId]?.databases ?? {};
  /** @type {StoredDocument[]} */
  const documents = [];
  /** @param {any} collections */
  const walk = (collections) => {
    for (const collection of Object.values(collections ?? {})) {
      for (const doc of Object.values(/** @type {any} */ (collection).documents ?? {})) {
        const d = /** @type {any} */ (doc);
        // A parent that was deleted but still has subcollections shows up with no fields.
        const exists = server.state.getDocument(d.path).metadata.hasExist;
        if (exists) {
          documents.push({ path: d.path.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, ''), fields: d.fields });
        }
        walk(d.collections);
      }
    }
  };
  for (const database of Object.values(databases)) walk(/** @type {any} */ (database).collections);
  return documents;
}

/**
 * @param {StoredValue} stored
 * @param {typeof import('firebase-admin/firestore')} firestore
 * @returns {unknown}
 */
function toAdminValue(stored, firestore) {
  const { type, value } = stored;
  switch (type) {
    case 'string_value':
    case 'boolean_value':
      return value;
    case 'integer_value':
    case 'double_value':
      return Number(value);
    case 'null_value':
      return null;
    case 'timestamp_value':
      return new firestore.Timestamp(Number(value.seconds), Number(value.nanos));
    case 'array_value':
      return value.map((/** @type {StoredValue} */ item) => toAdminValue(item, firestore));
    case 'map_value':
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, toAdminValue(/** @type {StoredValue} */ (item), firestore)]),
      );
    case 'geo_point_value':
      return new firestore.GeoPoint(value.latitude, value.longitude);
    default:
      throw new Error(`Cannot restore a Firestore value of type ${type}.`);
  }
}

/**
 * Writes saved documents back through firebase-admin, in batches.
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {StoredDocument[]} documents
 */
export async function restoreDocuments(db, documents) {
  const firestore = await import('firebase-admin/firestore');
  for (let start = 0; start < documents.length; start += 400) {
    const batch = db.batch();
    for (const { path, fields } of documents.slice(start, start + 400)) {
      const data = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, toAdminValue(value, firestore)]));
      batch.set(db.doc(path), data);
    }
    await batch.commit();
  }
}
