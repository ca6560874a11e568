import { paths } from '@/config/paths';
import { defineMessages } from '@/lib/i18n/messages';

const labels = defineMessages({
  home: { id: 'nav.home', message: 'Home' },
  allPlants: { id: 'nav.allPlants', message: 'All Plants' },
  addPlant: { id: 'nav.addPlant', message: 'Add Plant' },
  myPlants: { id: 'nav.myPlants', message: 'My Plants' },
  dashboard: { id: 'nav.dashboard', message: 'Dashboard' },
  household: { id: 'nav.household', message: 'Household' },
  support: { id: 'nav.support', message: 'Support' },
  aboutUs: { id: 'nav.aboutUs', message: 'AboutUs' },
  login: { id: 'nav.login', message: 'Login' },
  register: { id: 'nav.register', message: 'Register' },
});

/**
 * The navigation bar's links, in the order and with the labels users know. Login and Register are
 * for visitors only: signed out, the bar shows them; a signed-in user has no use for them. Household
 * is for the signed in only (a visitor has none).
 */
export const NAV_LINKS = [
  { to: paths.home, label: labels.home },
  { to: paths.allPlants, label: labels.allPlants },
  { to: paths.addPlants, label: labels.addPlant },
  { to: paths.myPlants, label: labels.myPlants },
  { to: paths.dashboard, label: labels.dashboard },
  { to: paths.household, label: labels.household, signedInOnly: true },
  { to: paths.support, label: labels.support },
  { to: paths.aboutUs, label: labels.aboutUs },
  { to: paths.login, label: labels.login, signedOutOnly: true },
  { to: paths.register, label: labels.register, signedOutOnly: true },
] as const;
