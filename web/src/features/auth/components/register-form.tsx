import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { useAuthSoon } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { redirectTarget } from '@/lib/redirect-target';
import { toast } from '@/lib/toast';
import { signUp } from '../api/sign-up';
import { authErrorMessage } from '../auth-errors';
import { isStrongPassword, WEAK_PASSWORD_MESSAGE } from '../password-rules';
import { emailRules, primaryButtonClass, textLinkClass } from './auth-card';
import { PasswordChecklist } from './password-checklist';

const messages = defineMessages({
  linkSent: { id: 'register.linkSent', message: 'We sent a link to {email} to confirm your address.' },
  name: { id: 'register.name', message: 'Full Name' },
  nameRequired: { id: 'register.name.required', message: 'Please enter your full name.' },
  photo: { id: 'register.photo', message: 'Photo URL' },
  photoRequired: { id: 'register.photo.required', message: 'Please enter a link to your photo.' },
  photoInvalid: { id: 'register.photo.invalid', message: 'Enter a full link that starts with http:// or https://.' },
  email: { id: 'auth.email', message: 'Email' },
  password: { id: 'auth.password', message: 'Password' },
  passwordRequired: { id: 'register.password.required', message: 'Please choose a password.' },
  creating: { id: 'register.creating', message: 'Creating account...' },
  submit: { id: 'register.submit', message: 'Register Now' },
  haveAccount: { id: 'register.haveAccount', message: 'Already have an account?' },
  login: { id: 'register.login', message: 'Login here' },
});

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
  const t = useT();
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
      if (verificationSent) void toast.info(t(messages.linkSent, { email: address }));
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
            label={t(messages.name)}
            autoComplete="name"
            required
            error={errors.name?.message}
            {...register('name', { validate: (value) => value.trim() !== '' || t(messages.nameRequired) })}
          />
          <TextField
            label={t(messages.photo)}
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://example.com/me.jpg"
            required
            error={errors.photoURL?.message}
            {...register('photoURL', {
              validate: (value) =>
                value.trim() === '' ? t(messages.photoRequired) : isWebUrl(value) || t(messages.photoInvalid),
            })}
          />
          <TextField
            label={t(messages.email)}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={errors.email?.message}
            {...register('email', emailRules())}
          />
          <TextField
            label={t(messages.password)}
            type="password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            describedBy="password-rules"
            {...register('password', {
              required: t(messages.passwordRequired),
              validate: (value) => isStrongPassword(value) || t(WEAK_PASSWORD_MESSAGE),
            })}
          >
            <PasswordChecklist id="password-rules" password={password} />
          </TextField>
          <button type="submit" className={primaryButtonClass}>
            {t(busy ? messages.creating : messages.submit)}
          </button>
        </fieldset>
      </form>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        {t(messages.haveAccount)}{' '}
        <Link to={paths.login} state={location.state} className={textLinkClass}>
          {t(messages.login)}
        </Link>
      </p>
    </div>
  );
}
