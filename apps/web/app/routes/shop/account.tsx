import { AccountView } from '../../features/account/components/account-view.tsx';
import { loadCartSync } from '../../features/cart/index.ts';
// The page's queries use the tab's one client, which the root provides once this module has loaded.
import '../../lib/query-client.ts';
import type { Route } from './+types/account';

export function meta(_: Route.MetaArgs) {
  return [
    { title: 'Your account · Shop' },
    { name: 'description', content: 'Your profile, password, address book and account settings.' },
    { name: 'robots', content: 'noindex' },
  ];
}

/** docs/product.md §2 account: the signed-in user's profile, editable. Data loads in the browser. */
export default function AccountPage() {
  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-10">
      <h1 className="mb-6 font-bold text-3xl tracking-tight">Your account</h1>
      {/* docs/product.md §4: the profile's cart replaces the local one whenever it loads. */}
      <AccountView onProfile={(profile) => void loadCartSync().then((m) => m.receiveProfile(profile))} />
    </main>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from '../../features/errors/index.ts';
