/** The year the app was built in (vite.config.ts `define`). */
declare const BUILD_YEAR: number;
