import { paths } from '@/config/paths';

/**
 * The navigation bar's links, in SPEC.md's order and with its labels. Login and Register are for
 * visitors: a signed-in user has no use for them (SPEC.md: signed out, the bar shows them).
 */
export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.allPlants, label: 'All Plants' },
  { to: paths.addPlants, label: 'Add Plant' },
  { to: paths.myPlants, label: 'My Plants' },
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.support, label: 'Support' },
  { to: paths.aboutUs, label: 'AboutUs' },
  { to: paths.login, label: 'Login', signedOutOnly: true },
  { to: paths.register, label: 'Register', signedOutOnly: true },
] as const;
