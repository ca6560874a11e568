import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  title: { id: 'login.title', message: 'Login' },
  lead: { id: 'login.lead', message: 'Welcome back! Sign in to look after your plants.' },
});

export function Component() {
  const t = useT();
  return (
    <AuthCard title={t(messages.title)} lead={t(messages.lead)}>
      <LoginForm />
    </AuthCard>
  );
}
