import type { I18n, Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { useMemo, useSyncExternalStore } from 'react';
import { baseLanguage, detectLanguage, isLanguage, SOURCE_LANGUAGE, type Language } from './languages';
import { LANGUAGE_CACHE, LANGUAGE_KEY } from '@/sw/messages';
import { formatMessage } from './format-message';
import type { Catalogue, Message } from './messages';

/*
 * The reader's language, one store for the whole app: the Lingui instance that formats messages,
 * `<html lang>`, and the language React renders in move together. English needs no catalogue (its
 * messages are compiled into the modules that show them) and no Lingui (format-message.ts); another
 * language's catalogue is loaded with Lingui's runtime before the switch, so nothing is ever drawn
 * half in one language and half in another.
 */

export const LANGUAGE_STORAGE_KEY = 'mango.language';
/** The language this device took up from the account of someone who signed in (account-language.ts), not chosen here. */
const ACCOUNT_LANGUAGE_STORAGE_KEY = 'mango.language.account';
/** Firebase Hosting's i18n rewrites read this cookie before the Accept-Language header. */
export const LANGUAGE_COOKIE = 'firebase-language-override';
/** The cookie is the whole site's, for a year. */
const LANGUAGE_COOKIE_ATTRIBUTES = 'path=/; max-age=31536000; SameSite=Lax';

// The catalogues the server reads too (functions/src/model/locales/<code>.ts), each its own chunk.
const catalogues = import.meta.glob<Catalogue>(['@model/locales/*.ts', '!@model/locales/catalogue.ts'], {
  import: 'default',
});

/** Lingui, once another language than English has been spoken. */
let lingui: I18n | undefined;
let language: Language = SOURCE_LANGUAGE;
let locale: string | undefined;
let latestRequest = 0;
const listeners = new Set<() => void>();

const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);

/**
 * The locale that dates and numbers are written in: the reader's own (Intl's default, undefined)
 * when the app speaks the browser's language; else the reader's variant of the app's language when
 * the browser lists one ('de-AT'), else the language itself.
 */
const localeFor = (chosen: Language): string | undefined =>
  typeof navigator !== 'undefined' && baseLanguage(navigator.language) === chosen
    ? undefined
    : (browserLanguages().find((tag) => baseLanguage(tag) === chosen) ?? chosen);

/** The language the app speaks now (useLanguage in a component). */
export const getLanguage = (): Language => language;

/** The locale for Intl's formatters (lib/text.ts, lib/dates.ts): the app's language, as the reader writes it. */
export const formatLocale = (): string | undefined => locale;

function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A message in the app's language, its placeholders filled from `values`; for code outside React (toasts, dialogs). */
export function translate(message: Message, values?: Record<string, unknown>): string {
  // The build compiled `message.message` (and the catalogue's): a plain string is the text itself,
  // which Lingui would take for an uncompiled message and warn about; Lingui fills the rest in
  // another language, formatMessage in English (which downloads no Lingui).
  const catalogue = language === SOURCE_LANGUAGE ? undefined : lingui;
  const compiled: unknown = catalogue?.messages[message.id] ?? message.message;
  if (typeof compiled === 'string') return compiled;
  return catalogue
    ? catalogue._(message.id, values, { message: compiled as string })
    : formatMessage(compiled as CompiledMessage, values ?? {}, locale ?? SOURCE_LANGUAGE);
}

/** The app's language, re-rendering the component when it changes. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, getLanguage, getLanguage);
}

/** `translate` for one language: a new function in each, so memos and effects that use it follow a switch. */
const translatorIn =
  (_language: Language): typeof translate =>
  (message, values) =>
    translate(message, values);

/** `translate`, as a component's: it re-renders the component in a new language. */
export function useT(): typeof translate {
  const current = useLanguage();
  return useMemo(() => translatorIn(current), [current]);
}

/** The language kept on this device under `key`, if any. */
function savedLanguage(key: string): Language | undefined {
  try {
    const saved = localStorage.getItem(key);
    return isLanguage(saved) ? saved : undefined;
  } catch {
    // Storage can be blocked (private modes, strict cookie settings): the browser's languages decide.
    return undefined;
  }
}

/** What this device chose (the language switcher), if anything. */
export const chosenLanguage = (): Language | undefined => savedLanguage(LANGUAGE_STORAGE_KEY);

/**
 * The reader's language: the one chosen on this device, else the one it took up from the account
 * signed in on it, else the browser's first the app speaks, else English.
 */
export function readerLanguage(): Language {
  return chosenLanguage() ?? savedLanguage(ACCOUNT_LANGUAGE_STORAGE_KEY) ?? detectLanguage(browserLanguages());
}

/** The language a page's HTML was drawn in (`<html lang>`), which hydration must draw it in too. */
export function documentLanguage(): Language {
  const lang = baseLanguage(document.documentElement.lang || SOURCE_LANGUAGE);
  return isLanguage(lang) ? lang : SOURCE_LANGUAGE;
}

/**
 * Speaks `next` once its catalogue is in: Lingui, `<html lang>` and every component that
 * translates. Of several switches under way, the last one asked for wins.
 */
export async function activateLanguage(next: Language): Promise<void> {
  const request = ++latestRequest;
  const load = Object.entries(catalogues).find(([file]) => file.endsWith(`/${next}.ts`))?.[1];
  const loaded =
    next === SOURCE_LANGUAGE || !load
      ? undefined
      : await Promise.all([load() as Promise<Messages>, import('@lingui/core')]);
  if (request !== latestRequest || next === language) return;
  language = next;
  locale = localeFor(next);
  if (loaded) {
    const [messages, { setupI18n }] = loaded;
    lingui ??= setupI18n();
    lingui.loadAndActivate({ locale: next, locales: locale && [locale], messages });
  }
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  for (const listener of listeners) listener();
}

/** Keeps `next` on this device under `key`, tells Hosting in its cookie (so its pages come in that language), then speaks it. */
function keepLanguage(key: string, next: Language): Promise<void> {
  try {
    localStorage.setItem(key, next);
  } catch {
    // Not kept, but the page still switches.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${next}; ${LANGUAGE_COOKIE_ATTRIBUTES}`;
  // For the service worker, which reads neither storage nor cookies (sw/sw.ts).
  if (typeof caches !== 'undefined')
    void caches
      .open(LANGUAGE_CACHE)
      .then((cache) => cache.put(LANGUAGE_KEY, new Response(next)))
      .catch(() => undefined);
  return activateLanguage(next);
}

/** The reader's choice (the language switcher): kept on this device as its choice, and spoken. */
export const chooseLanguage = (next: Language): Promise<void> => keepLanguage(LANGUAGE_STORAGE_KEY, next);

/** The signed-in account's language, taken up by a device that chose none: kept on it (not as a choice), and spoken. */
export const adoptLanguage = (next: Language): Promise<void> => keepLanguage(ACCOUNT_LANGUAGE_STORAGE_KEY, next);
