import { paths } from '@/config/paths';

/**
 * The navigation bar's links, in the order and with the labels users know. Login and Register are
 * for visitors only: signed out, the bar shows them; a signed-in user has no use for them. Household
 * is for the signed in only (a visitor has none).
 */
export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.allPlants, label: 'All Plants' },
  { to: paths.addPlants, label: 'Add Plant' },
  { to: paths.myPlants, label: 'My Plants' },
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.household, label: 'Household', signedInOnly: true },
  { to: paths.support, label: 'Support' },
  { to: paths.aboutUs, label: 'AboutUs' },
  { to: paths.login, label: 'Login', signedOutOnly: true },
  { to: paths.register, label: 'Register', signedOutOnly: true },
] as const;
