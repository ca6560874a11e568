import Swal from 'sweetalert2/dist/sweetalert2.esm.js';
import type { SweetAlertOptions } from 'sweetalert2';
import 'sweetalert2/dist/sweetalert2.css';
import { translate } from './i18n/i18n';
import { defineMessages } from './i18n/messages';
import { getTheme } from './theme';

const messages = defineMessages({
  cancel: { id: 'lib.dialog.cancel', message: 'Cancel' },
  ok: { id: 'lib.dialog.ok', message: 'OK' },
});

/*
 * Loaded by lib/dialogs.ts on the first dialog; never import it statically. The ESM build without
 * ".all" injects no <style> element (the CSS comes from the file above), which a CSP without
 * 'unsafe-inline' styles needs. The options are defined here, beside the code that reads them, and
 * lib/dialogs.ts takes their types from here, so the two modules never import each other.
 */
export type DialogIcon = 'success' | 'error' | 'warning' | 'info' | 'question';

export interface ConfirmDialogOptions {
  title: string;
  text?: string;
  confirmText: string;
  /** Default 'Cancel'. */
  cancelText?: string;
  /** Default 'warning'. */
  icon?: DialogIcon;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

export interface AlertDialogOptions {
  icon: DialogIcon;
  title: string;
  text?: string;
  /** Default 'OK'. */
  confirmText?: string;
}

/**
 * Shows a dialog and gives the focus back to what had it as soon as the dialog answers, before the
 * caller goes on. sweetalert2's own return of the focus comes 100 ms after its closing animation,
 * and so could take the focus back from wherever the caller has meanwhile moved it (an Open invites
 * heading after a withdrawal): once the caller has it, the focus stays where the caller put it.
 */
async function fire(options: SweetAlertOptions) {
  const before = document.activeElement;
  const result = await Swal.fire({ ...options, returnFocus: false });
  if (before instanceof HTMLElement && before.isConnected) before.focus();
  return result;
}

const LEAF = '#15803d';
const DANGER = '#b91c1c';
const NEUTRAL = '#475569';

export async function confirm({
  title,
  text,
  confirmText,
  cancelText = translate(messages.cancel),
  icon = 'warning',
  danger = false,
}: ConfirmDialogOptions): Promise<boolean> {
  const result = await fire({
    title,
    text,
    icon,
    theme: getTheme(),
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText,
    confirmButtonColor: danger ? DANGER : LEAF,
    cancelButtonColor: NEUTRAL,
    focusCancel: danger,
    reverseButtons: true,
  });
  return result.isConfirmed;
}

export async function alert({
  icon,
  title,
  text,
  confirmText = translate(messages.ok),
}: AlertDialogOptions): Promise<void> {
  await fire({ title, text, icon, theme: getTheme(), confirmButtonText: confirmText, confirmButtonColor: LEAF });
}
