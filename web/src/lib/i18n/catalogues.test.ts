// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  catalogueMessages,
  checkCatalogues,
  sourceFilesUnder,
  sourceMessages,
  type SourceFile,
} from '../../../build/catalogue-check';
import { LANGUAGES, SOURCE_LANGUAGE } from './languages';

const REPOSITORY = path.resolve(import.meta.dirname, '../../../..');
const WEB_SRC = path.join(REPOSITORY, 'web/src');
const FUNCTIONS_SRC = path.join(REPOSITORY, 'functions/src');
/** The catalogues, shared by the web app and the server, beside the helper that marks them. */
const LOCALES = path.join(FUNCTIONS_SRC, 'model/locales');
const HELPER = 'catalogue.ts';

const read = (file: string): SourceFile => ({
  path: path.relative(REPOSITORY, file),
  text: fs.readFileSync(file, 'utf8'),
});

/** The web app's modules and the server's (its digests and calendar feeds speak too), not the catalogues. */
const productFiles = () => [
  ...sourceFilesUnder(WEB_SRC, REPOSITORY),
  ...sourceFilesUnder(FUNCTIONS_SRC, REPOSITORY, (file) => file.startsWith('model/locales/')),
];

describe('the message catalogues', () => {
  const { messages, problems } = sourceMessages(productFiles());
  const translated = LANGUAGES.filter(({ code }) => code !== SOURCE_LANGUAGE).map(({ code }) => code);

  it('have one file for each language the app speaks, and no other', () => {
    const files = fs.readdirSync(LOCALES).filter((file) => file !== HELPER);
    expect(files.sort()).toEqual(translated.map((code) => `${code}.ts`).sort());
  });

  it("count the server's messages as used", () => {
    expect([...messages.values()].some(({ path: file }) => file.startsWith('functions/src/'))).toBe(true);
  });

  it('hold every message the code uses, no other, each ICU MessageFormat with its placeholders', () => {
    expect(messages.size).toBeGreaterThan(100);
    const catalogues = Object.fromEntries(
      translated.map((code) => [code, catalogueMessages(read(path.join(LOCALES, `${code}.ts`)))]),
    );
    expect([...problems, ...checkCatalogues(SOURCE_LANGUAGE, messages, catalogues)]).toEqual([]);
  });
});

describe('the catalogue check', () => {
  const source = (text: string) => sourceMessages([{ path: 'src/page.tsx', text }]);
  const catalogue = (text: string) => catalogueMessages({ path: 'locales/de.ts', text });
  const code = source(`
    const messages = defineMessages({
      title: { id: 'page.title', message: 'Plants' },
      count: { id: 'page.count', message: '{count, plural, one {# plant} other {# plants}}' },
    });`).messages;

  it('passes catalogues that match the code', () => {
    const de = catalogue(`export default defineCatalogue({
      'page.title': 'Pflanzen',
      'page.count': '{count, plural, one {# Pflanze} other {# Pflanzen}}',
    });`);
    expect(checkCatalogues('en', code, { de })).toEqual([]);
  });

  it('names a missing id, an id no code uses, a broken message and a lost placeholder', () => {
    const de = catalogue(`export default defineCatalogue({
      'page.count': '{n, plural, one {# Pflanze} other {# Pflanzen}}',
      'page.old': 'Alt',
    });`);
    const fr = catalogue(`export default defineCatalogue({
      'page.title': 'Plantes {count',
      'page.count': '{count, plural, one {# plante} few {# plantes} other {# plantes}}',
    });`);
    expect(checkCatalogues('en', code, { de, fr })).toEqual([
      'de: page.title is missing',
      'de: page.count fills {n}, its English {count}',
      'de: page.old is used by no code',
      expect.stringMatching(/^fr: page.title is not ICU MessageFormat in fr/),
      // French has no "few": a case the language never picks is a mistake.
      expect.stringMatching(/^fr: page.count is not ICU MessageFormat in fr/),
    ]);
  });

  it('refuses one id with two English texts, and a message that is not a literal', () => {
    const { problems } = source(`
      const a = defineMessages({ x: { id: 'same', message: 'One' } });
      const b = defineMessages({ y: { id: 'same', message: 'Two' }, z: { id: 'z', message: text } });`);
    expect(problems).toEqual([
      'src/page.tsx: same is "Two" here and "One" in src/page.tsx',
      'src/page.tsx: z has no literal id and message',
    ]);
  });
});
