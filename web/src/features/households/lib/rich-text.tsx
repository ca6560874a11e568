import { Fragment, type ReactNode } from 'react';

/*
 * A translated sentence with elements inside it ("<strong>Ana</strong> invites you to ..."): each
 * language puts the names where its word order wants them, so the sentence is one message and the
 * elements go where their placeholders end up. The placeholders get stand-ins (`slot(0)`), which
 * `fill` then swaps for the elements.
 */

/** A private-use character: no message and no name holds it. */
const MARK = '\uE000';

/** The stand-in for `parts[index]` of `fill`, given as a placeholder's value. */
export const slot = (index: number) => `${MARK}${index}${MARK}`;

/** `text` (a message translated with `slot`s) with each stand-in replaced by its element. */
export function fill(text: string, parts: readonly ReactNode[]): ReactNode {
  return text
    .split(MARK)
    .map((piece, at) => <Fragment key={at}>{at % 2 === 1 ? parts[Number(piece)] : piece}</Fragment>);
}
