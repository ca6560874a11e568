import { createRoot } from 'react-dom/client';
import { Slide, ToastContainer, toast as toastify, type CloseButtonProps } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import './toast-host.css';
import { useT } from './i18n/i18n';
import { defineMessages } from './i18n/messages';
import { useTheme } from './theme';

const messages = defineMessages({
  region: { id: 'lib.toast.region', message: 'Notifications Alt+T' },
  close: { id: 'lib.toast.close', message: 'close' },
});

/*
 * Loaded by lib/toast.ts on the first toast; never import it statically. The options are defined
 * here, beside the code that reads them, and lib/toast.ts takes their types from here, so the two
 * modules never import each other.
 */
export type ToastKind = 'success' | 'error' | 'info';

interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  /** A button inside the toast (for example 'Undo'); pressing it runs onClick and closes the toast. */
  action?: ToastAction;
  /** Milliseconds before it closes by itself, or false to stay until closed. Default 5000 (8000 with an action). */
  autoClose?: number | false;
  /** A stable id: showing the same id again replaces nothing and adds no duplicate. */
  toastId?: string;
}

export type ToastId = string | number;

const CLOSE_ICON =
  'M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z';

/** react-toastify's own close button (the library exports only its type), its label in the app's language. */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t(messages.close)}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d={CLOSE_ICON} />
      </svg>
    </button>
  );
}

function ToastHost() {
  const theme = useTheme();
  const t = useT();
  // The region's name says the library's shortcut to it (Alt+T), which stays the same in every language.
  return (
    <ToastContainer
      position="top-right"
      theme={theme}
      transition={Slide}
      newestOnTop
      closeOnClick={false}
      closeButton={CloseButton}
      aria-label={t(messages.region)}
    />
  );
}

let mounted = false;
/** Mounts the host once; a toast whose module arrived after its page was gone draws nothing. */
export function mountToastHost(): void {
  if (mounted || typeof document === 'undefined') return;
  mounted = true;
  const element = document.createElement('div');
  element.id = 'toast-root';
  document.body.appendChild(element);
  // A root of its own: toasts work from any page without a provider in the app's tree.
  createRoot(element).render(<ToastHost />);
}

export function showToast(
  kind: ToastKind,
  message: string,
  { action, autoClose, toastId }: ToastOptions = {},
): ToastId {
  // Errors interrupt a screen reader; successes and notes wait for a pause.
  const common = {
    toastId,
    role: kind === 'error' ? 'alert' : 'status',
    autoClose: autoClose ?? (action ? 8000 : 5000),
  } as const;
  if (!action) return toastify[kind](message, common);
  return toastify[kind](
    ({ closeToast }) => (
      <div className="toast-with-action">
        <span>{message}</span>
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            action.onClick();
            closeToast();
          }}
        >
          {action.label}
        </button>
      </div>
    ),
    common,
  );
}

export function dismissToast(id?: ToastId): void {
  toastify.dismiss(id);
}
