import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  title: { id: 'register.title', message: 'Register' },
  lead: { id: 'register.lead', message: 'Create your free account and start tracking your plants.' },
});

export function Component() {
  const t = useT();
  return (
    <AuthCard title={t(messages.title)} lead={t(messages.lead)}>
      <RegisterForm />
    </AuthCard>
  );
}
