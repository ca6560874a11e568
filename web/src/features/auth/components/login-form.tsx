import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { TextField } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { useAuth, useAuthSoon } from '@/lib/auth';
import { sendPasswordReset } from '../api/send-password-reset';
import { signIn } from '../api/sign-in';
import { signInWithGoogle } from '../api/sign-in-with-google';
import { authErrorMessage } from '../auth-errors';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { redirectTarget } from '@/lib/redirect-target';
import { emailRules, primaryButtonClass, secondaryButtonClass, textLinkClass } from './auth-card';
import { GoogleLogo } from './google-logo';

const messages = defineMessages({
  resetSent: {
    id: 'login.resetSent',
    message: 'If an account uses {email}, a link to reset its password is on its way.',
  },
  email: { id: 'auth.email', message: 'Email' },
  password: { id: 'auth.password', message: 'Password' },
  passwordRequired: { id: 'login.password.required', message: 'Please enter your password.' },
  sendingReset: { id: 'login.sendingReset', message: 'Sending reset link...' },
  forgotPassword: { id: 'login.forgotPassword', message: 'Forgot Password?' },
  signingIn: { id: 'login.signingIn', message: 'Signing in...' },
  signIn: { id: 'login.signIn', message: 'Sign In' },
  or: { id: 'login.or', message: 'or' },
  google: { id: 'login.google', message: 'Sign in with Google' },
  noAccount: { id: 'login.noAccount', message: "Don't have an account?" },
  register: { id: 'login.register', message: 'Register' },
});

interface LoginValues {
  email: string;
  password: string;
}

type Busy = 'password' | 'google' | 'reset' | null;

/** The login page: email and password or Google, plus the password reset that the Support FAQ points to. */
export function LoginForm() {
  useAuthSoon();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState<Busy>(null);
  const [banner, setBanner] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const t = useT();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({ defaultValues: { email: '', password: '' } });

  const done = () => navigate(redirectTarget(location.state), { replace: true });

  // Sent here by the auth gate before Firebase had reported (lib/auth.ts, remembersNoUser): if it
  // then finds a session after all, the user goes on where they were going.
  const { user } = useAuth();
  const sentFrom = Boolean((location.state as { from?: unknown } | null)?.from);
  useEffect(() => {
    if (user && sentFrom && busy === null) done();
    // Only a user appearing; a sign-in through this form navigates by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user]);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setBusy('password');
    setBanner(null);
    try {
      await signIn(email.trim(), password);
      done();
    } catch (error) {
      setBanner({ tone: 'error', text: authErrorMessage(error) });
      setBusy(null);
    }
  });

  async function onGoogle() {
    setBusy('google');
    setBanner(null);
    try {
      await signInWithGoogle();
      done();
    } catch (error) {
      setBanner({ tone: 'error', text: authErrorMessage(error, { google: true }) });
      setBusy(null);
    }
  }

  async function onForgotPassword() {
    setBanner(null);
    if (!(await trigger('email'))) return;
    const email = getValues('email').trim();
    setBusy('reset');
    try {
      await sendPasswordReset(email);
      setBanner({ tone: 'success', text: t(messages.resetSent, { email }) });
    } catch (error) {
      // Saying "no such account" would tell strangers who has one.
      if ((error as { code?: string }).code === 'auth/user-not-found') {
        setBanner({ tone: 'success', text: t(messages.resetSent, { email }) });
      } else {
        setBanner({ tone: 'error', text: authErrorMessage(error) });
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-6">
      {banner && <Banner tone={banner.tone}>{banner.text}</Banner>}
      <form onSubmit={onSubmit} noValidate aria-busy={busy !== null}>
        {/* A disabled fieldset disables every control in it while a request runs. */}
        <fieldset disabled={busy !== null} className="space-y-5">
          <TextField
            label={t(messages.email)}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={errors.email?.message}
            {...register('email', emailRules())}
          />
          <div>
            <TextField
              label={t(messages.password)}
              type="password"
              autoComplete="current-password"
              required
              error={errors.password?.message}
              {...register('password', { required: t(messages.passwordRequired) })}
            />
            <div className="mt-2 text-right">
              <button type="button" onClick={onForgotPassword} className={`${textLinkClass} text-sm`}>
                {t(busy === 'reset' ? messages.sendingReset : messages.forgotPassword)}
              </button>
            </div>
          </div>
          <button type="submit" className={primaryButtonClass}>
            {t(busy === 'password' ? messages.signingIn : messages.signIn)}
          </button>
        </fieldset>
      </form>

      <div className="flex items-center gap-3 text-sm text-slate-700 dark:text-slate-300" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
        {t(messages.or)}
        <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
      </div>

      <button
        type="button"
        onClick={onGoogle}
        disabled={busy !== null}
        aria-busy={busy === 'google'}
        className={secondaryButtonClass}
      >
        <GoogleLogo />
        {t(messages.google)}
      </button>

      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        {t(messages.noAccount)}{' '}
        <Link to={paths.register} state={location.state} className={textLinkClass}>
          {t(messages.register)}
        </Link>
      </p>
    </div>
  );
}
