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
      // A logout failure is only written to the console: the user has nothing to do about it.
      console.error('Logout failed', error);
    }
  };
}
