/**
 * Modal dialogs (sweetalert2, wrapped once), themed with the app. The library and its CSS load on
 * the first dialog.
 *
 *   if (await confirmDialog({ title: 'Are you sure?', text: "You won't be able to revert this!", confirmText: 'Yes, delete it!', danger: true })) ...
 *   await alertDialog({ icon: 'success', title: 'Success!', text: 'Plant added successfully!' });
 */
import type { AlertDialogOptions, ConfirmDialogOptions } from './sweetalert';

export type { AlertDialogOptions, ConfirmDialogOptions } from './sweetalert';

type SweetAlert = typeof import('./sweetalert');
let sweetalert: Promise<SweetAlert> | undefined;
const load = () => (sweetalert ??= import('./sweetalert'));

/** Resolves true only when the user pressed the confirm button (not cancel, Escape or the backdrop). */
export async function confirmDialog(options: ConfirmDialogOptions): Promise<boolean> {
  return (await load()).confirm(options);
}

/** Resolves when the user has closed the alert. */
export async function alertDialog(options: AlertDialogOptions): Promise<void> {
  return (await load()).alert(options);
}

/** Starts loading the dialog code early, e.g. when a screen with delete buttons is shown. */
export function preloadDialogs(): void {
  void load();
}
