import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { homeData } from '@/app/routes/home.data';
import { allPlantsData } from '@/features/plants/lib/all-plants-loader';
import { plantData, plantDetailsData } from '@/app/routes/plant.data';
import { getAuthState, remembersNoUser, subscribeAuth } from '@/lib/auth';
import { connectRouter, refresh } from '@/lib/server-state';
import { RequireAuth } from './require-auth';
import { PendingBelow } from '@/components/ui/loading-overlay';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import type { RouteHandle } from './use-page-title';

/** Each page's name in its document title. */
const titles = defineMessages({
  home: { id: 'page.home', message: 'Home' },
  login: { id: 'page.login', message: 'Login' },
  register: { id: 'page.register', message: 'Register' },
  allPlants: { id: 'page.allPlants', message: 'All Plants' },
  support: { id: 'page.support', message: 'Support' },
  aboutUs: { id: 'page.aboutUs', message: 'About Us' },
  joinAHousehold: { id: 'page.joinAHousehold', message: 'Join a Household' },
  addPlant: { id: 'page.addPlant', message: 'Add Plant' },
  myPlants: { id: 'page.myPlants', message: 'My Plants' },
  plantDetails: { id: 'page.plantDetails', message: 'Plant Details' },
  updatePlant: { id: 'page.updatePlant', message: 'Update Plant' },
  dashboard: { id: 'page.dashboard', message: 'Dashboard' },
  dashboardOverview: { id: 'page.dashboardOverview', message: 'Dashboard Overview' },
  today: { id: 'page.today', message: 'Today' },
  allItems: { id: 'page.allItems', message: 'All Items' },
  myItems: { id: 'page.myItems', message: 'My Items' },
  addItem: { id: 'page.addItem', message: 'Add Item' },
  places: { id: 'page.places', message: 'Places' },
  reminders: { id: 'page.reminders', message: 'Reminders' },
  household: { id: 'page.household', message: 'Household' },
  notFound: { id: 'page.notFound', message: 'Not Found' },
});

const title = (name: Message): RouteHandle => ({ title: name });

/*
 * Every screen is its own lazily loaded module exporting Component (and ErrorBoundary
 * where it has them), so `/` never downloads another page's code. A screen that shows server data
 * has a loader (lib/server-state.ts): a visitor's pages (home, All Plants) and a plant's pages have
 * theirs here, so data and code download side by side; the signed-in pages export theirs from
 * their lazy module (their requests wait for the user's ID token anyway, which takes longer than
 * the module), so `/` does not download them.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // While the first page's module loads, the layout (header, and the hero on /) already
        // renders around this empty frame: the hero image is the home page's largest paint.
        HydrateFallback: PendingBelow,
        // A page that fails shows its error inside the layout, with the navigation still there.
        ErrorBoundary: RouteError,
        children: [
          { index: true, handle: title(titles.home), ...homeData, lazy: () => import('./routes/home') },
          { path: paths.login, handle: title(titles.login), lazy: () => import('./routes/login') },
          { path: paths.register, handle: title(titles.register), lazy: () => import('./routes/register') },
          {
            path: paths.allPlants,
            handle: title(titles.allPlants),
            ...allPlantsData,
            lazy: () => import('./routes/all-plants'),
          },
          { path: paths.support, handle: title(titles.support), lazy: () => import('./routes/support') },
          { path: paths.aboutUs, handle: title(titles.aboutUs), lazy: () => import('./routes/about') },
          // An invite link: a visitor is asked to sign in or register first, and comes back here.
          { path: paths.join, handle: title(titles.joinAHousehold), lazy: () => import('./routes/join') },
          {
            Component: RequireAuth,
            children: [
              { path: paths.addPlants, handle: title(titles.addPlant), lazy: () => import('./routes/add-plant') },
              { path: paths.myPlants, handle: title(titles.myPlants), lazy: () => import('./routes/my-plants') },
              {
                path: '/plant/:id',
                handle: title(titles.plantDetails),
                ...plantDetailsData,
                lazy: () => import('./routes/plant-details'),
              },
              {
                path: '/update/:id',
                handle: title(titles.updatePlant),
                ...plantData,
                lazy: () => import('./routes/update-plant'),
              },
              {
                path: paths.dashboard,
                handle: title(titles.dashboard),
                lazy: () => import('./routes/dashboard/layout'),
                children: [
                  {
                    index: true,
                    handle: title(titles.dashboardOverview),
                    lazy: () => import('./routes/dashboard/overview'),
                  },
                  { path: 'today', handle: title(titles.today), lazy: () => import('./routes/dashboard/today') },
                  {
                    path: 'all-items',
                    handle: title(titles.allItems),
                    lazy: () => import('./routes/dashboard/all-items'),
                  },
                  {
                    path: 'my-items',
                    handle: title(titles.myItems),
                    lazy: () => import('./routes/dashboard/my-items'),
                  },
                  {
                    path: 'add-item',
                    handle: title(titles.addItem),
                    lazy: () => import('./routes/dashboard/add-item'),
                  },
                  { path: 'places', handle: title(titles.places), lazy: () => import('./routes/dashboard/places') },
                  {
                    path: 'reminders',
                    handle: title(titles.reminders),
                    lazy: () => import('./routes/dashboard/reminders'),
                  },
                ],
              },
              { path: paths.household, handle: title(titles.household), lazy: () => import('./routes/household') },
            ],
          },
          // Not a page: the calendar panel's data (its fetcher asks for it).
          { path: paths.calendarFeed, handle: title(titles.notFound), lazy: () => import('./routes/calendar-feed') },
          {
            path: paths.householdCalendarFeed,
            handle: title(titles.notFound),
            lazy: () => import('./routes/household-calendar-feed'),
          },
          { path: paths.notFound, handle: title(titles.notFound), lazy: () => import('./routes/not-found') },
        ],
      },
    ],
  },
];

/**
 * A visitor (a browser that remembers no user) who opens a link to a sign-in page goes to /login
 * before the router starts: main.tsx calls this first, in the task that loads the app. The router
 * would first download that page's own code (60 KB gzipped for Add Plant) and run its loaders, and
 * only then render RequireAuth, which sends them there; RequireAuth still does for every later
 * navigation. The page asked for is kept as `from` in React Router's history state (`usr`), where
 * <Navigate state> would put it.
 */
export function sendVisitorToLogin(): void {
  if (!remembersNoUser()) return;
  if (!matchRoutes(routes, window.location)?.some(({ route }) => route.Component === RequireAuth)) return;
  const { pathname, search, hash } = window.location;
  window.history.replaceState({ usr: { from: { pathname, search, hash } } }, '', paths.login);
}

export function createRouter() {
  const router = createBrowserRouter(routes);
  connectRouter(router);
  // A change of user (sign-in, sign-out) loads the page shown again: its loaders read as the new user.
  let uid = getAuthState().user?.uid;
  subscribeAuth(() => {
    const next = getAuthState().user?.uid;
    if (next === uid) return;
    uid = next;
    void refresh();
  });
  return router;
}

/** Resolves once the router has loaded the first page's modules and run its loaders. */
export function routerReady(router: ReturnType<typeof createBrowserRouter>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
