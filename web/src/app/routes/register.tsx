import { AuthCard } from '@/features/auth/components/auth-card';
import { RegisterForm } from '@/features/auth/components/register-form';

export function Component() {
  return (
    <AuthCard title="Register" lead="Create your free account and start tracking your plants.">
      <RegisterForm />
    </AuthCard>
  );
}
