import { CircleCheck, Wrench } from 'lucide-react';
import { Container } from '../components/layout/container.tsx';
import type { Route } from './+types/status';

export { RouteErrorBoundary as ErrorBoundary } from '../features/errors/index.ts';

/**
 * The status page every error page links to (docs/product.md §2 'a status page link'). It stays
 * open during maintenance (apps/api/src/modules/settings/maintenance.ts), so it has a layout of its own
 * and links only to what works: the shop itself only while it is open, and the store's e-mail address.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [maintenance, store] = await Promise.all([
    context.services.settings.maintenance(),
    context.services.settings.profile(),
  ]);
  return { maintenance, storeName: store.name, contactEmail: store.contactEmail };
}

export function meta() {
  return [{ title: 'System status · Shop' }, { name: 'robots', content: 'noindex' }];
}

export default function Status({ loaderData }: Route.ComponentProps) {
  const { maintenance, storeName, contactEmail } = loaderData;
  const rows: [string, string][] = maintenance
    ? [
        ['Storefront', 'Under maintenance'],
        ['Orders and checkout', 'Paused until the shop is back'],
        ['Your cart and wishlist', 'Kept'],
      ]
    : [
        ['Storefront', 'Open'],
        ['Orders and checkout', 'Working'],
      ];
  const Icon = maintenance ? Wrench : CircleCheck;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-slate-200 border-b bg-white">
        <Container className="flex h-16 items-center font-bold text-slate-950 text-xl tracking-tight">
          {storeName}
        </Container>
      </header>
      <main className="px-4 py-10 sm:py-16">
        <div className="mx-auto w-full max-w-xl rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="flex items-center gap-3">
            <Icon className={maintenance ? 'size-8 text-sky-700' : 'size-8 text-green-700'} aria-hidden="true" />
            <h1 className="font-bold text-2xl tracking-tight">System status</h1>
          </div>
          <p className="mt-3 text-slate-700" data-testid="status-summary">
            {maintenance ? 'The shop is being updated and will be back shortly.' : 'Everything is working normally.'}
          </p>
          <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {rows.map(([label, value]) => (
              <div key={label} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                <dt className="text-slate-700">{label}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          {/* Only once the owner has filled in the store's e-mail address (admin Settings). */}
          {contactEmail ? (
            <p className="mt-6 text-slate-700 text-sm">
              Questions? Write to{' '}
              <a href={`mailto:${contactEmail}`} className="font-medium text-slate-900 underline underline-offset-4">
                {contactEmail}
              </a>
              .
            </p>
          ) : null}
          {maintenance ? null : (
            <a href="/" className="mt-6 inline-block font-medium text-slate-900 underline underline-offset-4">
              Go to the shop
            </a>
          )}
        </div>
      </main>
    </div>
  );
}
