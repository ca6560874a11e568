/** Every route path of the app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  allPlants: '/allPlants',
  support: '/support',
  aboutUs: '/aboutUs',
  addPlants: '/addPlants',
  myPlants: '/myPlants',
  plant: (id: string) => `/plant/${encodeURIComponent(id)}`,
  updatePlant: (id: string) => `/update/${encodeURIComponent(id)}`,
  dashboard: '/dashboard',
  dashboardToday: '/dashboard/today',
  dashboardAllItems: '/dashboard/all-items',
  dashboardMyItems: '/dashboard/my-items',
  dashboardAddItem: '/dashboard/add-item',
  dashboardReminders: '/dashboard/reminders',
  dashboardPlaces: '/dashboard/places',
  household: '/household',
  /** An invite link (the API makes them: `<origin>/join/<token>`). */
  join: '/join/:token',
  /** Not a page: the user's calendar link, for the "Add to calendar" panel's fetcher. */
  calendarFeed: '/calendar-feed',
  /** Not a page: the user's link to their household's calendar, for the Household page's panel. */
  householdCalendarFeed: '/household-calendar-feed',
  /** Every address no other route has: the not-found page. */
  notFound: '*',
} as const;

/**
 * The pages that need a signed-in user: each path and every path under it. The router's auth gate
 * holds exactly these (app/router.test.ts checks); index.html's inline script reads them to fetch
 * Login's code at once for a visitor who opens one.
 */
export const signInPages = [
  paths.addPlants,
  paths.myPlants,
  '/plant',
  '/update',
  paths.dashboard,
  paths.household,
] as const;
