import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { useAuthSoon } from '@/lib/auth';
import { redirectTarget } from '@/lib/redirect-target';
import { toast } from '@/lib/toast';
import { signUp } from '../api/sign-up';
import { authErrorMessage } from '../auth-errors';
import { isStrongPassword, WEAK_PASSWORD_MESSAGE } from '../password-rules';
import { EMAIL_RULES, primaryButtonClass, textLinkClass } from './auth-card';
import { PasswordChecklist } from './password-checklist';

interface RegisterValues {
  name: string;
  photoURL: string;
  email: string;
  password: string;
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The register page: full name, photo URL, email and a password that meets password-rules.ts. */
export function RegisterForm() {
  useAuthSoon();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RegisterValues>({ defaultValues: { name: '', photoURL: '', email: '', password: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ name, photoURL, email, password }) => {
    setBusy(true);
    setError(null);
    try {
      const address = email.trim();
      const { verificationSent } = await signUp({
        name: name.trim(),
        photoURL: photoURL.trim(),
        email: address,
        password,
      });
      // Unsent, it says nothing: the Reminders page asks for the address to be confirmed and sends the link again.
      if (verificationSent) void toast.info(`We sent a link to ${address} to confirm your address.`);
      // Sent here from a page that needs an account (an invite link): back there, else home.
      navigate(redirectTarget(location.state), { replace: true });
    } catch (caught) {
      setError(authErrorMessage(caught));
      setBusy(false);
    }
  });

  return (
    <div className="space-y-6">
      {error && <Banner tone="error">{error}</Banner>}
      <form onSubmit={onSubmit} noValidate aria-busy={busy}>
        <fieldset disabled={busy} className="space-y-5">
          <TextField
            label="Full Name"
            autoComplete="name"
            required
            error={errors.name?.message}
            {...register('name', { validate: (value) => value.trim() !== '' || 'Please enter your full name.' })}
          />
          <TextField
            label="Photo URL"
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://example.com/me.jpg"
            required
            error={errors.photoURL?.message}
            {...register('photoURL', {
              validate: (value) =>
                value.trim() === ''
                  ? 'Please enter a link to your photo.'
                  : isWebUrl(value) || 'Enter a full link that starts with http:// or https://.',
            })}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={errors.email?.message}
            {...register('email', EMAIL_RULES)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            describedBy="password-rules"
            {...register('password', {
              required: 'Please choose a password.',
              validate: (value) => isStrongPassword(value) || WEAK_PASSWORD_MESSAGE,
            })}
          >
            <PasswordChecklist id="password-rules" password={password} />
          </TextField>
          <button type="submit" className={primaryButtonClass}>
            {busy ? 'Creating account...' : 'Register Now'}
          </button>
        </fieldset>
      </form>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Already have an account?{' '}
        <Link to={paths.login} state={location.state} className={textLinkClass}>
          Login here
        </Link>
      </p>
    </div>
  );
}
