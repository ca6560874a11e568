import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  return (
    <AuthCard title="Login" lead="Welcome back! Sign in to look after your plants.">
      <LoginForm />
    </AuthCard>
  );
}
