import { contactBody } from '@shop/contracts/contact';
import { data } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { type ContactAnswer, ContactForm } from '../../features/contact/components/contact-form.tsx';
import { postedForm, readForm, textField } from '../../lib/form-post.ts';
import { pageCache } from '../../lib/page-cache.ts';
import type { Route } from './+types/contact';

/** The same for every visitor; served from the page cache until the catalogue or settings change. */
export const handle = pageCache();

export function meta() {
  return [
    { title: 'Contact Us · Shop' },
    {
      name: 'description',
      content: 'Questions about an order, a return or a product? Send us a message and we will get back to you.',
    },
  ];
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';

/**
 * Fields the contact form posts. The inquiry type is a listbox, which posts nothing without JavaScript:
 * then it is the form's default, as the form shows it.
 */
const FIELDS = { required: ['email', 'subject', 'message'], optional: { inquiry_type: 'general', name: undefined } };

/**
 * The contact form posted without JavaScript: the API's rules and messages (its body schema) and the same
 * service as POST /api/contact, anonymously — a page post reads no session. The API process limits these
 * posts as it limits the API's (apps/api/src/web/plugin.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const posted = await postedForm(request);
  const form = readForm(posted, contactBody, FIELDS);
  if (!form.ok) {
    // What the visitor typed goes back into the form beside the error.
    const values = Object.fromEntries(
      (['email', 'inquiry_type', 'subject', 'message'] as const).map((name) => [name, textField(posted, name)]),
    );
    return data<ContactAnswer>({ tone: 'error', text: form.text, values }, { status: 400 });
  }
  const answer = await context.services.contact.send(form.value, undefined);
  return data<ContactAnswer>({ tone: 'success', text: answer.message }, { status: 200 });
}

/** /contact: the contact dialog's form as a page (docs/product.md §2 mobile menu link). */
export default function ContactPage({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <Container className="py-10">
        <div className="mx-auto max-w-xl">
          <h1 className="font-bold text-3xl text-slate-900">Contact Us</h1>
          <p className="mt-2 text-slate-600">We'd love to hear from you. How can we help?</p>
          <div className="mt-8 rounded-xl border border-slate-200 p-6">
            <ContactForm answer={actionData} />
          </div>
        </div>
      </Container>
    </main>
  );
}
