import { PageStub } from '@/components/ui/page-stub';

export function Component() {
  return <PageStub title="My Plants" />;
}
