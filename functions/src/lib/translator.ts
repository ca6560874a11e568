import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, type Language } from '../model/languages';
import type { Catalogue, Message } from '../model/locales/catalogue';

/*
 * The server's texts in a person's language (digests, calendar feeds): the messages each module
 * declares (defineMessages, English ICU beside the code that sends it) and the catalogues the web
 * app reads too (model/locales/<code>.ts), formatted by Lingui as in the browser. A language's
 * catalogue is loaded on its first use in the process and each message compiled on its first use in
 * that language, then kept: an instance pays for no language it never speaks, and compiles a
 * message once.
 */

/** Messages formatted in one language. */
export interface Translator {
  readonly language: Language;
  /** `message` in this language (its English where the catalogue has none), placeholders filled from `values`. */
  t(message: Message, values?: Record<string, unknown>): string;
}

function translator(language: Language, catalogue: Catalogue): Translator {
  const i18n = setupI18n({ locale: language, messages: { [language]: {} } });
  return {
    language,
    t(message, values) {
      if (i18n.messages[message.id] === undefined)
        i18n.load(language, { [message.id]: compileMessage(catalogue[message.id] ?? message.message) });
      return i18n._(message.id, values);
    },
  };
}

/** English, the messages' own language: no catalogue to load. */
export const ENGLISH: Translator = translator(DEFAULT_LANGUAGE, {});

const translators = new Map<Language, Promise<Translator>>();

/** The translator of `language`, its catalogue loaded on the first call (a failed load is tried again on the next). */
export function translatorFor(language: Language): Promise<Translator> {
  if (language === DEFAULT_LANGUAGE) return Promise.resolve(ENGLISH);
  let found = translators.get(language);
  if (!found) {
    found = loadCatalogue(language).then((catalogue) => translator(language, catalogue));
    translators.set(language, found);
    found.catch(() => translators.delete(language));
  }
  return found;
}

async function loadCatalogue(language: Language): Promise<Catalogue> {
  const loaded = (await import(/* @vite-ignore */ `../model/locales/${language}.js`)) as {
    default: Catalogue | { default: Catalogue };
  };
  // Node's import() of the built file (CommonJS) gives its whole `exports` as `default`; Vitest's,
  // of the TypeScript source, the catalogue itself.
  const exported = loaded.default;
  return typeof exported.default === 'object' ? exported.default : (exported as Catalogue);
}
