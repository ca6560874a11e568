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
 * catalogues (functions/src/model/locales/, which the server reads too) are loaded on their own,
 * only the reader's.
 */
export { defineMessages, type Catalogue, type Message } from '@model/locales/catalogue';
