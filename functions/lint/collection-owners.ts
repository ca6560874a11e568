import path from 'node:path';
import ts from 'typescript';

/**
 * One room writes each collection: the rule `npm run lint:deps` cannot see, because it reads the
 * code, not the imports. dependency-cruiser keeps a repository's values (collection names, refs)
 * inside its room; this keeps them from leaving at run time, in two parts:
 *
 * - Named by its owner only: outside the room that OWNERS names, no `.collection()`, `.doc()` or
 *   `.collectionGroup()` reaches one of its collections, whatever the path is spelt with
 *   (a literal, a constant, a template).
 * - No reference handed out: nothing an owning room exports to another room (or to the assembly,
 *   rooms.ts and the like; what its own modules pass among themselves stays inside) gives a
 *   `CollectionReference`, a `DocumentReference`, a snapshot (which carries its reference) or a
 *   `Query` (whose answers are snapshots), as a value, a return, a property, or an argument of a
 *   function it is given: a room asks the owner through a named method (a job's steps, a photo's
 *   cover, a migration's batch, a member's last activity), and the owner writes. The rooms that only
 *   read plants are handed `PlantReads` (plants/plant-reads.ts), whose rows carry no reference.
 *
 * Tests are not rooms. It runs with the functions' unit tests (collection-owners.test.ts), over
 * functions/src and over modules made to break it.
 */

/** Every collection the server stores (its id, at any depth of its path) and the room that writes it. */
const OWNERS: Readonly<Record<string, string>> = {
  plants: 'plants',
  events: 'plants',
  careJobs: 'plants',
  plantPurges: 'plants',
  photos: 'photos',
  bytes: 'photos',
  households: 'households',
  householdMembers: 'households',
  householdInvites: 'households',
  personPlaces: 'places',
  householdPlaces: 'places',
  accounts: 'accounts',
  revisions: 'accounts',
  calendarFeeds: 'calendar',
  householdCalendarFeeds: 'calendar',
  generations: 'calendar',
  reminderSettings: 'reminders',
  pushSubscriptions: 'reminders',
  activity: 'activity',
};

/** What a module must not hand out: the Firestore types a document is written through, or that answer one. */
const REFERENCES = new Set([
  'Query',
  'AggregateQuery',
  'CollectionReference',
  'CollectionGroup',
  'DocumentReference',
  'DocumentSnapshot',
  'QueryDocumentSnapshot',
  'QuerySnapshot',
]);

export interface Finding {
  file: string;
  line: number;
  message: string;
}

/** The room of a module under `root` (its first folder), or null for app.ts, jobs.ts and index.ts. */
function roomOf(root: string, file: string): string | null {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : null;
}

const isTest = (file: string) => file.endsWith('.test.ts');

/**
 * A path as far as the code says it: each segment a literal or '*' (a value the code computes).
 * null when nothing of it is known.
 */
function pathOf(checker: ts.TypeChecker, node: ts.Expression): string[] | null {
  const text = textOf(checker, node);
  return text === null ? null : text.split('/');
}

function textOf(checker: ts.TypeChecker, node: ts.Expression): string | null {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) text += (textOf(checker, span.expression) ?? '*') + span.literal.text;
    return text;
  }
  if (ts.isParenthesizedExpression(node)) return textOf(checker, node.expression);
  const type = checker.getTypeAtLocation(node);
  return type.isStringLiteral() ? type.value : null;
}

/** The collection a call of `.collection()`, `.doc()` or `.collectionGroup()` reaches, when the code says it. */
function collectionReached(checker: ts.TypeChecker, call: ts.CallExpression): string | null {
  if (!ts.isPropertyAccessExpression(call.expression)) return null;
  const method = call.expression.name.text;
  const arg = call.arguments[0];
  if (!arg || !['collection', 'doc', 'collectionGroup'].includes(method)) return null;
  const segments = pathOf(checker, arg) ?? ['*'];
  // A collection's path has an odd number of segments, its last the collection's id.
  if (method !== 'doc') return segments.at(-1)!;
  if (segments.length > 1) return segments.at(-2)!;
  // collection(X).doc(id): the document is in X.
  const receiver = call.expression.expression;
  return ts.isCallExpression(receiver) ? collectionReached(checker, receiver) : null;
}

/**
 * Where `type`, seen from the module that exports it, hands out a reference: as itself, a property,
 * a type argument (a Promise, an array), a function's return, or an argument of a function the
 * other side gives it (`out` false: what the other side gives, in which what a function is called
 * with goes out again). @returns the trail to the reference, or null.
 */
function handedOut(
  checker: ts.TypeChecker,
  type: ts.Type,
  out: boolean,
  seen: Map<string, string | null>,
): string | null {
  const key = `${(type as { id?: number }).id}:${out}`;
  if (seen.has(key)) return seen.get(key)!;
  seen.set(key, null);
  const found = handedOutNow(checker, type, out, seen);
  seen.set(key, found);
  return found;
}

function handedOutNow(
  checker: ts.TypeChecker,
  type: ts.Type,
  out: boolean,
  seen: Map<string, string | null>,
): string | null {
  const first = (trails: Iterable<[string, ts.Type, boolean]>) => {
    for (const [step, inner, polarity] of trails) {
      const found = handedOut(checker, inner, polarity, seen);
      if (found) return step ? `${step} > ${found}` : found;
    }
    return null;
  };
  if (type.isUnionOrIntersection()) return first(type.types.map((part) => ['', part, out]));
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const declaration = symbol?.declarations?.[0];
  const external = declaration?.getSourceFile().fileName.includes('/node_modules/') ?? false;
  if (external && symbol && REFERENCES.has(symbol.getName())) return out ? symbol.getName() : null;
  const typeArguments =
    type.aliasTypeArguments ??
    ((type.flags & ts.TypeFlags.Object) !== 0 && ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) !== 0
      ? checker.getTypeArguments(type as ts.TypeReference)
      : []);
  const inArguments = first(typeArguments.map((argument) => ['', argument, out]));
  if (inArguments) return inArguments;
  // A package's own types (a WriteBatch, a Firestore) are not opened: only the references in them count.
  if (external || !(type.flags & ts.TypeFlags.Object)) return null;
  function* trails(): Generator<[string, ts.Type, boolean]> {
    for (const signature of [...type.getCallSignatures(), ...type.getConstructSignatures()]) {
      if (out) yield ['()', signature.getReturnType(), out];
      for (const parameter of signature.getParameters())
        yield [`(${parameter.getName()})`, checker.getTypeOfSymbol(parameter), !out];
    }
    for (const property of type.getProperties())
      yield [`.${property.getName()}`, checker.getTypeOfSymbol(property), out];
  }
  return first(trails());
}

/**
 * What leaves its room: every export that a module of another room, or the assembly (rooms.ts,
 * app.ts, jobs.ts, index.ts), imports or re-exports, as the symbol it was declared as. What a
 * room's modules pass among themselves stays in the room; what leaves it carries in its type
 * whatever it hands out.
 */
function leavingTheirRoom(program: ts.Program, checker: ts.TypeChecker, root: string): Set<ts.Symbol> {
  const leaving = new Set<ts.Symbol>();
  const original = (symbol: ts.Symbol) =>
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  for (const source of program.getSourceFiles()) {
    const file = source.fileName;
    if (!file.startsWith(root + '/') || isTest(file) || source.isDeclarationFile) continue;
    for (const statement of source.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier)
        continue;
      const target = checker.getSymbolAtLocation(statement.moduleSpecifier);
      const targetFile = target?.declarations?.[0]?.getSourceFile().fileName;
      if (!target || !targetFile?.startsWith(root + '/') || roomOf(root, targetFile) === roomOf(root, file)) continue;
      const all = () => checker.getExportsOfModule(target).forEach((symbol) => leaving.add(original(symbol)));
      const names: ts.Node[] = [];
      if (ts.isExportDeclaration(statement)) {
        if (!statement.exportClause || ts.isNamespaceExport(statement.exportClause)) all();
        else names.push(...statement.exportClause.elements.map((element) => element.propertyName ?? element.name));
      } else {
        const { name, namedBindings } = statement.importClause ?? {};
        if (name) names.push(name);
        if (namedBindings && ts.isNamespaceImport(namedBindings)) all();
        else if (namedBindings) names.push(...namedBindings.elements.map((element) => element.name));
      }
      for (const name of names) {
        const symbol = checker.getSymbolAtLocation(name);
        if (symbol) leaving.add(original(symbol));
      }
    }
  }
  return leaving;
}

/** The findings of the rule over the modules of `program` under `root` (functions/src). */
export function checkCollectionOwners(program: ts.Program, root: string): Finding[] {
  const checker = program.getTypeChecker();
  const findings: Finding[] = [];
  const owners = new Set(Object.values(OWNERS));
  const seen = new Map<string, string | null>();
  const leaving = leavingTheirRoom(program, checker, root);
  for (const source of program.getSourceFiles()) {
    const file = source.fileName;
    if (!file.startsWith(root + '/') || isTest(file) || source.isDeclarationFile) continue;
    const room = roomOf(root, file);
    const at = (node: ts.Node) => ({
      file: path.relative(root, file),
      line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    });
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const reached = collectionReached(checker, node);
        const owner = reached === null ? undefined : OWNERS[reached];
        // One finding for a chain (collection(X).doc(id) reaches X twice).
        const chained = ts.isPropertyAccessExpression(node.parent) && ts.isCallExpression(node.parent.parent);
        if (
          owner !== undefined &&
          owner !== room &&
          !(chained && collectionReached(checker, node.parent.parent) === reached)
        )
          findings.push({
            ...at(node),
            message: `reaches '${reached}', which only ${owner}/ writes: ask it through a named method`,
          });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    if (room === null || !owners.has(room)) continue;
    const moduleSymbol = checker.getSymbolAtLocation(source);
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const declaration = exported.declarations?.[0];
      if (!declaration || declaration.getSourceFile() !== source) continue;
      if (ts.isTypeAliasDeclaration(declaration) || ts.isInterfaceDeclaration(declaration)) continue;
      if (!leaving.has(exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported)) continue;
      const found = handedOut(checker, checker.getTypeOfSymbolAtLocation(exported, declaration), true, seen);
      if (found)
        findings.push({
          ...at(declaration),
          message: `${exported.getName()} hands out a reference (${found}): another room could write through it; give it a named method instead`,
        });
    }
  }
  return findings;
}

/** The rule over functions/src, as the project's tsconfig compiles it. */
export function checkSources(functionsDir: string): Finding[] {
  const root = path.join(functionsDir, 'src');
  const configFile = path.join(functionsDir, 'tsconfig.json');
  const host = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
  const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, host)!;
  const rootNames = config.fileNames.filter((file) => file.startsWith(root + '/') && !isTest(file));
  return checkCollectionOwners(ts.createProgram({ rootNames, options: config.options }), root);
}
