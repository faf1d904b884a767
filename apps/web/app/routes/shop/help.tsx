import { Link } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { RichText } from '../../components/ui/rich-text.tsx';
import { helpSections } from '../../features/content/index.ts';
import { pageCache } from '../../lib/page-cache.ts';
import { canonicalUrl, seoMeta } from '../../lib/seo.ts';
import type { Route } from './+types/help';

/** The same for every visitor; served from the page cache until the catalogue, settings or content change. */
export const handle = pageCache('content');

/** The help centre's own ways onward: contact, shipping, returns, all questions. */
const TOPICS = [
  { to: '/contact', title: 'Contact us', text: 'Write to our support team; we answer within two business days.' },
  { to: '/shipping', title: 'Shipping', text: 'Delivery options, costs and times.' },
  { to: '/returns', title: 'Returns & refunds', text: 'How to send a product back and get a refund.' },
  { to: '/faq', title: 'All questions', text: 'Answers to the questions shoppers ask most.' },
] as const;

/** docs/product.md §2 /help: docs/product.md §10 makes it a real help centre; its questions are the `help` content page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = await context.services.content.getPage('help');
  if (!page.ok) throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  return { page: page.value, canonical: canonicalUrl(request, '/help') };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: 'Help Center · Shop' }];
  return seoMeta({ title: loaderData.page.title, description: loaderData.page.description, url: loaderData.canonical });
}

export default function Help({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const sections = helpSections(page.body);
  return (
    <main>
      <Container className="py-10">
        <h1 className="font-bold text-3xl tracking-tight">{page.title}</h1>
        <p className="mt-3 max-w-2xl text-slate-700">{page.description}</p>

        <nav aria-label="Help topics" className="mt-8">
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {TOPICS.map((topic) => (
              <li key={topic.to}>
                <Link
                  to={topic.to}
                  className="block h-full rounded-lg border border-slate-200 p-5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
                >
                  <span className="font-semibold">{topic.title}</span>
                  <span className="mt-1 block text-slate-600 text-sm">{topic.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-12 space-y-10">
          {sections.map((section, i) => (
            <section
              // Sections are identified by their title (unique within a page) or their place.
              key={section.title || `section-${i}`}
              aria-labelledby={section.title ? `help-section-${i}` : undefined}
            >
              {section.title ? (
                <h2 id={`help-section-${i}`} className="font-semibold text-2xl">
                  {section.title}
                </h2>
              ) : null}
              {section.intro ? <RichText html={section.intro} className="mt-4 text-slate-700 leading-relaxed" /> : null}
              {section.faqs.length > 0 ? (
                <div className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200">
                  {section.faqs.map((faq) => (
                    // Native disclosure: opens with keyboard and screen readers, and without JavaScript.
                    <details key={faq.question} className="group px-5 py-4">
                      <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900">
                        {faq.question}
                      </summary>
                      <RichText html={faq.answer} className="mt-4 pb-1 text-slate-700 leading-relaxed" />
                    </details>
                  ))}
                </div>
              ) : null}
            </section>
          ))}
        </div>

        <p className="mt-12 text-slate-700">
          Didn’t find your answer?{' '}
          <Link to="/contact" className="font-medium underline underline-offset-4">
            Contact our support team
          </Link>
          .
        </p>
      </Container>
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
