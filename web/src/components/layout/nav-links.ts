import { paths } from '@/config/paths';

/** The navigation bar's links, in SPEC.md's order and with its labels. */
export const NAV_LINKS = [
  { to: paths.home, label: 'Home' },
  { to: paths.allPlants, label: 'All Plants' },
  { to: paths.addPlants, label: 'Add Plant' },
  { to: paths.myPlants, label: 'My Plants' },
  { to: paths.dashboard, label: 'Dashboard' },
  { to: paths.support, label: 'Support' },
  { to: paths.aboutUs, label: 'AboutUs' },
  { to: paths.login, label: 'Login' },
  { to: paths.register, label: 'Register' },
] as const;
