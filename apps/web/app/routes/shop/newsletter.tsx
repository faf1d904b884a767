import { newsletterBody } from '@shop/contracts/newsletter';
import { data } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { NewsletterForm } from '../../features/newsletter/index.ts';
import { type FormAnswer, postedForm, readForm } from '../../lib/form-post.ts';
import { pageCache } from '../../lib/page-cache.ts';
import type { Route } from './+types/newsletter';

/** The same for every visitor; served from the page cache until the catalogue or settings change. */
export const handle = pageCache();

export function meta() {
  return [{ title: 'Newsletter · Shop' }, { name: 'robots', content: 'noindex' }];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/**
 * The footer's newsletter form posted without JavaScript: the API's rules and messages (its body schema)
 * and the same service as POST /api/newsletter. The API process limits these posts as it limits the
 * API's (apps/api/src/web/plugin.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = readForm(await postedForm(request), newsletterBody, { required: ['email'] });
  if (!form.ok) return data<FormAnswer>({ tone: 'error', text: form.text }, { status: 400 });
  const answer = await context.services.newsletter.subscribe(form.value.email);
  return data<FormAnswer>({ tone: 'success', text: answer.message }, { status: 200 });
}

/** /newsletter: where the footer's form lands without JavaScript — the form again, with how it went. */
export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <Container className="py-10">
        <div className="mx-auto max-w-xl rounded-xl bg-slate-900 p-6">
          <NewsletterForm answer={actionData} />
        </div>
      </Container>
    </main>
  );
}
