import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The calls whose string arguments are ICU MessageFormat sources (src/lib/i18n/messages.ts). */
const MARKERS = /\bdefine(?:Messages|Catalogue)\(/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Every node under `root`, depth first. */
function* nodes(root: Node): Generator<Node> {
  yield root;
  for (const value of Object.values(root)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) yield* nodes(item);
    if (isNode(value)) yield* nodes(value);
  }
}

const stringValue = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

const keyName = (property: Node): string | undefined => {
  const key = property.key as Node;
  return key.type === 'Identifier' ? (key.name as string) : stringValue(key);
};

/**
 * The messages' ICU MessageFormat, compiled when the app is built (and by Vitest), with Lingui's
 * own compiler: the browser gets Lingui's compiled form and never downloads a parser (4.7 KB
 * gzipped). In `defineMessages({ key: { id, message } })` each `message` is compiled, in
 * `defineCatalogue({ id: message })` each value, and the call itself (an identity) goes. A message
 * with no placeholder stays a plain string, so English costs the bytes it did before it was a
 * message.
 */
export function compiledMessagesPlugin(): Plugin {
  return {
    name: 'mango-compiled-messages',
    transform: {
      // The app's modules, and the catalogues it shares with the server (functions/src/model/locales/).
      filter: { id: /\/(web\/src\/.*\.tsx?|functions\/src\/model\/locales\/[^/]+\.ts)$/, code: MARKERS },
      handler(code, id) {
        if (!MARKERS.test(code)) return null;
        const edits: { start: number; end: number; text: string }[] = [];
        const compile = (literal: Node) => {
          const source = stringValue(literal)!;
          let compiled;
          try {
            compiled = compileMessage(source);
          } catch (error) {
            this.error(`${id}: the message ${JSON.stringify(source)} is not ICU MessageFormat (${String(error)})`);
          }
          const plain = compiled.length === 1 && typeof compiled[0] === 'string';
          edits.push({ start: literal.start, end: literal.end, text: JSON.stringify(plain ? compiled[0] : compiled) });
        };
        for (const node of nodes(this.parse(code) as unknown as Node)) {
          if (node.type !== 'CallExpression') continue;
          const callee = node.callee as Node;
          const name = callee.type === 'Identifier' ? callee.name : undefined;
          const argument = (node.arguments as Node[])[0];
          if ((name !== 'defineMessages' && name !== 'defineCatalogue') || argument?.type !== 'ObjectExpression')
            continue;
          // The call is an identity: without it, no chunk imports the helpers' module (shared with
          // the server, functions/src/model/locales/catalogue.ts), which would otherwise be a chunk
          // of its own that `/` fetches.
          edits.push({ start: callee.start, end: callee.end, text: '' });
          for (const property of argument.properties as Node[]) {
            if (property.type !== 'Property') continue;
            const value = property.value as Node;
            if (name === 'defineCatalogue') {
              if (stringValue(value) === undefined) continue;
              compile(value);
              continue;
            }
            if (value.type !== 'ObjectExpression') continue;
            for (const field of value.properties as Node[])
              if (field.type === 'Property' && keyName(field) === 'message' && stringValue(field.value) !== undefined)
                compile(field.value as Node);
          }
        }
        if (edits.length === 0) return null;
        let out = code;
        for (const edit of edits.sort((a, b) => b.start - a.start))
          out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
        return { code: out, map: null };
      },
    },
  };
}
