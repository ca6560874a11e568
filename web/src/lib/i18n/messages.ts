/*
 * How a module says what it shows: its messages, each an id and the English source in ICU
 * MessageFormat, side by side in the module that shows them:
 *
 *   const messages = defineMessages({
 *     title: { id: 'home.newPlants.title', message: 'New Plants' },
 *     count: { id: 'home.plantCount', message: '{count, plural, one {# plant} other {# plants}}' },
 *   });
 *   const t = useT();  t(messages.title)  t(messages.count, { count: 5 })
 *
 * The build compiles each `message` where it stands (build/compiled-messages.ts), so English is in
 * the module that shows it and costs a page what its text did before; the other languages'
 * catalogues (locales/) are loaded on their own, only the reader's.
 */

/** A message: its id in the catalogues and its English source (compiled by the build). */
export interface Message {
  readonly id: string;
  readonly message: string;
}

/** A module's messages; the build compiles each `message` (the argument must be an object literal). */
export function defineMessages<const T extends Record<string, Message>>(messages: T): T {
  return messages;
}

/** A language's catalogue, message id to ICU MessageFormat; the build compiles each value. */
export type Catalogue = Readonly<Record<string, string>>;

/** Marks a catalogue file's object for the build's compiler (the argument must be an object literal). */
export function defineCatalogue(messages: Catalogue): Catalogue {
  return messages;
}
