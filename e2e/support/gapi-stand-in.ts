import type { BrowserContext, Page } from '@playwright/test';

/**
 * Firebase's Google popup flow first loads Google's `gapi` script from https://apis.google.com
 * and only then opens the popup. This machine (and CI) has no internet, so that script can never
 * load here. The stand-in below gives the SDK just the part of gapi it calls before opening the
 * popup (an iframe context that answers), so a test can check what the app itself controls: that
 * "Sign in with Google" opens the Auth emulator's google.com sign-in popup, and what the form does
 * when the popup is closed. It cannot complete a sign-in (the real round trip needs real gapi);
 * nothing about the app or the emulator is faked.
 */
const GAPI_STAND_IN = `
(function () {
  var context = {
    open: function (_options, onOpen) {
      return onOpen({
        restyle: function () { return Promise.resolve(); },
        ping: function () { return Promise.resolve(); },
        register: function () {},
        send: function () {}
      });
    }
  };
  window.gapi = {
    load: function (_module, callbacks) { setTimeout(callbacks.callback, 0); },
    iframes: { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; } }
  };
  var onload = new URL(document.currentScript.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
`;

const GAPI_URL = 'https://apis.google.com/**';

/** Serves the gapi stand-in instead of Google's script. */
export async function useGapiStandIn(target: Page | BrowserContext): Promise<void> {
  await target.route(GAPI_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: GAPI_STAND_IN }));
}

/** Google is unreachable, as on any offline machine (made explicit so the test means the same everywhere). */
export async function blockGoogle(target: Page | BrowserContext): Promise<void> {
  await target.route(GAPI_URL, (route) => route.abort('internetdisconnected'));
}
