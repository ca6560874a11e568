import { z } from 'zod';

/*
 * zod's fast path compiles parsers with `new Function`, which the web app's Content-Security-Policy
 * (no 'unsafe-eval') refuses and reports as a violation. Every model file takes `z` from here, so
 * the setting is in force before any schema parses, in the browser and (harmlessly) on the server.
 */
z.config({ jitless: true });

export { z };
