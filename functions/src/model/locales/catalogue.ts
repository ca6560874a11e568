/*
 * How the web app and the server say what they show: a module's messages, each an id and the
 * English source in ICU MessageFormat, side by side in the module that shows them, and one
 * catalogue per other language (es.ts, de.ts, fr.ts beside this file), message id to ICU.
 * Both are plain identities: the web's build compiles their strings where they stand
 * (web/build/compiled-messages.ts), the server compiles them on first use (lib/translator.ts),
 * and the catalogue check (web/src/lib/i18n/catalogues.test.ts) finds them by these names.
 */

/** A message: its id in the catalogues and its English source. */
export interface Message {
  readonly id: string;
  readonly message: string;
}

/** A module's messages (the argument must be an object literal, for the build and the check). */
export function defineMessages<const T extends Record<string, Message>>(messages: T): T {
  return messages;
}

/** A language's catalogue, message id to ICU MessageFormat. */
export type Catalogue = Readonly<Record<string, string>>;

/** Marks a catalogue file's object (the argument must be an object literal, for the build and the check). */
export function defineCatalogue(messages: Catalogue): Catalogue {
  return messages;
}
