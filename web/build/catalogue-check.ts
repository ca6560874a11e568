import fs from 'node:fs';
import path from 'node:path';
import { parse, type PluralCategory, type Token } from '@messageformat/parser';
import ts from 'typescript';

/*
 * The check `npm test` runs over the product's messages (src/lib/i18n/catalogues.test.ts): every
 * id the code uses, the web app's and the server's (functions/src: digests, calendar feeds), is in
 * every language's catalogue (functions/src/model/locales/), no catalogue holds an id no code uses,
 * every message is ICU MessageFormat with the plural categories of its language, and a translation
 * has the placeholders of its English source. It reads the sources as TypeScript, not as text, so
 * an id is found however the code is laid out.
 */

/** A file's path and text. */
export interface SourceFile {
  path: string;
  text: string;
}

type Entries = Map<string, { message: string; path: string }>;

/** The modules under `root` (paths relative to `from`), not their tests nor what `skip` names (relative to `root`). */
export function sourceFilesUnder(
  root: string,
  from: string,
  skip: (file: string) => boolean = () => false,
): SourceFile[] {
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !skip(file.split(path.sep).join('/')))
    .map((file) => ({
      path: path.relative(from, path.join(root, file)),
      text: fs.readFileSync(path.join(root, file), 'utf8'),
    }));
}

const callsTo = (file: SourceFile, name: string): ts.ObjectLiteralExpression[] => {
  // A .ts file read as TSX would take a type assertion (`<T>value`) for an element.
  const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, kind);
  const found: ts.ObjectLiteralExpression[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === name &&
      node.arguments[0] &&
      ts.isObjectLiteralExpression(node.arguments[0])
    )
      found.push(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

const propertyName = (property: ts.ObjectLiteralElementLike) =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ? property.name.text
    : undefined;

const stringValue = (property: ts.ObjectLiteralElementLike | undefined) =>
  property && ts.isPropertyAssignment(property) && ts.isStringLiteralLike(property.initializer)
    ? property.initializer.text
    : undefined;

/** The messages the code defines (`defineMessages`), by id; problems for ids given two English texts. */
export function sourceMessages(files: SourceFile[]): { messages: Entries; problems: string[] } {
  const messages: Entries = new Map();
  const problems: string[] = [];
  for (const file of files)
    for (const object of callsTo(file, 'defineMessages'))
      for (const property of object.properties) {
        if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) {
          problems.push(`${file.path}: ${propertyName(property)} is not a literal { id, message }`);
          continue;
        }
        const fields = property.initializer.properties;
        const id = stringValue(fields.find((field) => propertyName(field) === 'id'));
        const message = stringValue(fields.find((field) => propertyName(field) === 'message'));
        if (id === undefined || message === undefined) {
          problems.push(`${file.path}: ${propertyName(property)} has no literal id and message`);
          continue;
        }
        const known = messages.get(id);
        if (known && known.message !== message)
          problems.push(`${file.path}: ${id} is "${message}" here and "${known.message}" in ${known.path}`);
        else messages.set(id, { message, path: file.path });
      }
  return { messages, problems };
}

/** A catalogue file's messages (`defineCatalogue`), by id. */
export function catalogueMessages(file: SourceFile): Entries {
  const messages: Entries = new Map();
  for (const object of callsTo(file, 'defineCatalogue'))
    for (const property of object.properties) {
      const id = propertyName(property);
      const message = stringValue(property);
      if (id !== undefined && message !== undefined) messages.set(id, { message, path: file.path });
    }
  return messages;
}

/** The placeholders a message fills, sorted: `{name}`, `{count, plural, ...}` and those inside its cases. */
function placeholders(tokens: Token[], into = new Set<string>()): string[] {
  for (const token of tokens) {
    if (token.type === 'argument' || token.type === 'function') into.add(token.arg);
    if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
      into.add(token.arg);
      for (const { tokens: inner } of token.cases) placeholders(inner, into);
    }
  }
  return [...into].sort();
}

/** Parses `message` as ICU MessageFormat in `language` (its plural categories); throws on an error. */
function parseMessage(message: string, language: string): Token[] {
  const categories = (type: Intl.PluralRuleType) =>
    new Intl.PluralRules(language, { type }).resolvedOptions().pluralCategories as PluralCategory[];
  return parse(message, { cardinal: categories('cardinal'), ordinal: categories('ordinal') });
}

/** Every problem with the catalogues against the code's messages; none means the check passes. */
export function checkCatalogues(
  sourceLanguage: string,
  source: Entries,
  catalogues: Record<string, Entries>,
): string[] {
  const problems: string[] = [];
  const parsed = (message: string, language: string, where: string) => {
    try {
      return parseMessage(message, language);
    } catch (error) {
      problems.push(`${where} is not ICU MessageFormat in ${language}: ${(error as Error).message}`);
      return undefined;
    }
  };
  const sourcePlaceholders = new Map<string, string[] | undefined>();
  for (const [id, { message, path }] of source) {
    const tokens = parsed(message, sourceLanguage, `${id} (${path})`);
    sourcePlaceholders.set(id, tokens && placeholders(tokens));
  }
  for (const [language, catalogue] of Object.entries(catalogues)) {
    for (const id of source.keys()) if (!catalogue.has(id)) problems.push(`${language}: ${id} is missing`);
    for (const [id, { message }] of catalogue) {
      if (!source.has(id)) {
        problems.push(`${language}: ${id} is used by no code`);
        continue;
      }
      const tokens = parsed(message, language, `${language}: ${id}`);
      const expected = sourcePlaceholders.get(id);
      if (tokens && expected && placeholders(tokens).join() !== expected.join())
        problems.push(
          `${language}: ${id} fills {${placeholders(tokens).join('}, {')}}, its English {${expected.join('}, {')}}`,
        );
    }
  }
  return problems;
}
