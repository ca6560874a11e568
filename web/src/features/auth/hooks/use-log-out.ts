import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { logOut } from '../api/log-out';

/** Logout as every Logout button does it: sign out, then go to /. */
export function useLogOut(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    try {
      await logOut();
      navigate(paths.home);
    } catch (error) {
      // SPEC.md section 2: a logout failure is only written to the console.
      console.error('Logout failed', error);
    }
  };
}
