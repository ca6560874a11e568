// One fix to the Firestore stand-in (@firestore-emulator/server, pinned at 0.3.15 in package.json),
// applied in the process that runs it.
import { FirestoreStateCollection, FirestoreStateDocument } from '@firestore-emulator/server';

let applied = false;

/**
 * The stand-in adds a document to a collection by copying (with immer) the record of every
 * document the collection has, and freezing the copy: each insert costs as much as the collection
 * is large, so 20,000 plants took three minutes to write and a restore of saved data grew with its
 * square. This does the same insert in place, after copying the frozen record once. Nothing else
 * changes: reads still see every document, and missing documents are still created on first
 * access, as the stand-in does.
 */
export function patchStandIn() {
  if (applied) return;
  applied = true;
  /** @type {any} */ (FirestoreStateCollection.prototype).getDocument = /** @this {any} */ function getDocument(/** @type {string} */ name) {
    let document = this.documents[name];
    if (!document) {
      if (Object.isFrozen(this.documents)) this.documents = { ...this.documents };
      document = new FirestoreStateDocument(this.emitter, this.database, this, name, {}, {});
      this.documents[name] = document;
    }
    return document;
  };
}
