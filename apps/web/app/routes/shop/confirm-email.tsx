import { Container } from '../../components/layout/container.tsx';
import { ConfirmEmailView } from '../../features/account/components/confirm-email-view.tsx';
import type { Route } from './+types/confirm-email';

export function meta() {
  return [
    { title: 'Confirm your e-mail address · Shop' },
    { name: 'description', content: 'Confirm the new e-mail address of your Shop account.' },
    // The URL holds a secret: keep it out of search engines and referrers' logs.
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/** /account/confirm-email/{token}: the link mailed to a new e-mail address. */
export default function ConfirmEmailPage({ params }: Route.ComponentProps) {
  return (
    <main>
      <Container className="py-16">
        <ConfirmEmailView token={params.token} />
      </Container>
    </main>
  );
}
