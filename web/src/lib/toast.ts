/**
 * Toast notifications (react-toastify, 320 px wide, z-index 9999), themed with
 * the app. The library and its CSS load on the first toast, so no page pays for them up front.
 *
 *   toast.success('Thank you for your feedback!');
 *   toast.error('Please write something before submitting.');
 *   toast.info('Plant deleted.', { action: { label: 'Undo', onClick: restore } });
 */
import { whenIdle } from './idle';
import type { ToastId, ToastKind, ToastOptions } from './toast-host';

export type { ToastId, ToastOptions } from './toast-host';

type ToastHost = typeof import('./toast-host');
let host: Promise<ToastHost> | undefined;

function loadHost(): Promise<ToastHost> {
  host ??= import('./toast-host').then((module) => {
    module.mountToastHost();
    return module;
  });
  return host;
}

function show(kind: ToastKind, message: string, options?: ToastOptions): Promise<ToastId> {
  return loadHost().then((module) => module.showToast(kind, message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: ToastId) => (host ? host.then((module) => module.dismissToast(id)) : Promise.resolve()),
};

/**
 * Starts loading the toast code ahead of need (e.g. when a form that will toast is shown), once the
 * browser is idle, so it never competes with the page's own data and images.
 */
export function preloadToasts(): void {
  whenIdle(() => void loadHost());
}
