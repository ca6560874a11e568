import { Fragment, type ReactNode } from 'react';

/*
 * A translated sentence with an element inside it ("Fields marked <span>*</span> are required."):
 * each language puts the element where its word order wants it, so the sentence is one message
 * and the element goes where its placeholder ends up. The placeholder gets a stand-in (`slot(0)`),
 * which `fillSlots` then swaps for the element.
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
