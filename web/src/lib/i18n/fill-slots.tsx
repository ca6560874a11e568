import { Fragment, type ReactNode } from 'react';

/*
 * A translated sentence with elements inside it ("Fields marked <span>*</span> are required.",
 * "<strong>Ana</strong> invites you to ..."): each language puts the elements where its word order
 * wants them, so the sentence is one message and each element goes where its placeholder ends up.
 * The placeholders get stand-ins (`slot(0)`), which `fillSlots` then swaps for the elements.
 */

/** A private-use character: no message and no name holds it. */
const MARK = '\uE000';

/** The stand-in for `parts[index]` of `fillSlots`, given as a placeholder's value. */
export const slot = (index: number) => `${MARK}${index}${MARK}`;

/** `text` (a message translated with `slot`s) with each stand-in replaced by its element. */
export function fillSlots(text: string, parts: readonly ReactNode[]): ReactNode {
  return text
    .split(MARK)
    .map((piece, at) => <Fragment key={at}>{at % 2 === 1 ? parts[Number(piece)] : piece}</Fragment>);
}
