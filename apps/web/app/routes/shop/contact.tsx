import { Container } from '../../components/layout/container.tsx';
import { ContactForm } from '../../features/contact/contact-form.tsx';
import { pageCache } from '../../lib/page-cache.ts';

/** Issue 16: the same for every visitor; served from the page cache until the catalogue or settings change. */
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

/** /contact: the contact dialog's form as a page (spec §2 mobile menu link). */
export default function ContactPage() {
  return (
    <main>
      <Container className="py-10">
        <div className="mx-auto max-w-xl">
          <h1 className="font-bold text-3xl text-slate-900">Contact Us</h1>
          <p className="mt-2 text-slate-600">We'd love to hear from you. How can we help?</p>
          <div className="mt-8 rounded-xl border border-slate-200 p-6">
            <ContactForm />
          </div>
        </div>
      </Container>
    </main>
  );
}
