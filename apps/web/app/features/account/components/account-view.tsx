import type { Profile } from '@shop/contracts/cart';
import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { plural } from '../../../lib/plural.ts';
import { loginHref } from '../../../lib/safe-next.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { syncSessionFromStorage, useSession } from '../../auth/index.ts';
import { profileQuery } from '../api/get-profile.ts';
import { ACCOUNT_TEXT } from '../messages.ts';
import { ROLE_LABELS } from '../role-label.ts';
import { AddressBook } from './address-book.tsx';
import { DangerZone } from './danger-zone.tsx';
import { EmailForm } from './email-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { ProfileForm } from './profile-form.tsx';

/**
 * The account page's body: the real user's profile from GET users/me, the profile, e-mail
 * and password forms, the address book and account deletion. The session lives in the browser, so all of
 * it loads after hydration (TanStack Query; the route provides the client). `onProfile` gets every
 * profile loaded from the server (docs/product.md §4: its cart replaces the local one).
 */
export function AccountView({ onProfile }: { onProfile?: (profile: Profile) => void }) {
  const hydrated = useHydrated();
  const userId = useSession((s) => (s.isAuthenticated ? (s.user?.id ?? null) : null));

  useEffect(() => {
    syncSessionFromStorage();
  }, []);

  if (!hydrated) return <Placeholder />;
  if (!userId) return <SignInPrompt />;
  // Keyed by user: another sign-in on this tab starts from that user's own data and empty forms.
  return <SignedInAccount key={userId} userId={userId} onProfile={onProfile} />;
}

function SignedInAccount({ userId, onProfile }: { userId: string; onProfile?: (profile: Profile) => void }) {
  const profile = useQuery(profileQuery(userId, onProfile));

  if (profile.isPending) return <Placeholder />;
  if (profile.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6">
        <p className="font-medium text-red-800">{ACCOUNT_TEXT.loadFailed}</p>
        <Button variant="outline" className="mt-4" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const user = profile.data;
  const fields: [string, string, string][] = [
    ['Name', user.name || `${user.first_name} ${user.last_name}`.trim(), 'account-name'],
    ['E-mail', user.email, 'account-email'],
    ['Username', user.username, 'account-username'],
  ];
  // A role is news only to staff; shoppers are not told they are a 'Customer'.
  if (user.role !== 'customer') fields.push(['Role', ROLE_LABELS[user.role], 'account-role']);
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-8">
        <Section title="Profile">
          <dl className="divide-y divide-slate-200">
            {fields.map(([label, value, testId]) => (
              <div key={label} className="grid grid-cols-[10rem_minmax(0,1fr)] gap-4 py-3 text-sm">
                <dt className="text-slate-600">{label}</dt>
                <dd className="break-words font-medium" data-testid={testId}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section title="Edit profile">
          <ProfileForm userId={userId} user={user} />
        </Section>
        <Section title="Change e-mail">
          <EmailForm currentEmail={user.email} />
        </Section>
        <Section title="Change password">
          <PasswordForm />
        </Section>
        <Section title="Address book">
          <AddressBook userId={userId} />
        </Section>
        <Section title="Delete account" tone="danger">
          <DangerZone />
        </Section>
      </div>
      <nav aria-label="Your shopping" className="h-fit rounded-lg border border-slate-200 p-6">
        <ul className="space-y-2">
          <li>
            <Link to="/orders" className="font-medium hover:underline">
              Your orders
            </Link>
          </li>
          <li>
            <Link to="/wishlist" className="font-medium hover:underline">
              Your wishlist
            </Link>
          </li>
          <li>
            <Link to="/cart" className="font-medium hover:underline">
              Your cart ({plural(user.cart.total_items, 'item', 'items')})
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}

function Section({ title, tone, children }: { title: string; tone?: 'danger'; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={tone === 'danger' ? 'rounded-lg border border-red-300 p-6' : 'rounded-lg border border-slate-200 p-6'}
    >
      <h2
        id={id}
        className={tone === 'danger' ? 'mb-4 font-semibold text-lg text-red-800' : 'mb-4 font-semibold text-lg'}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <section
      aria-labelledby="account-signin-heading"
      className="flex min-h-72 flex-col items-center justify-center rounded-lg border border-slate-300 border-dashed px-6 py-12 text-center"
    >
      <UserRound aria-hidden="true" className="h-10 w-10 text-slate-500" />
      <h2 id="account-signin-heading" className="mt-4 font-semibold text-lg">
        Sign in to see your account
      </h2>
      <p className="mt-1 text-slate-600">Your profile, orders and saved products are waiting for you.</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={loginHref(`${location.pathname}${location.search}`)} className={buttonVariants()}>
          Sign in
        </Link>
        <Link to="/auth/signup" className={buttonVariants({ variant: 'outline' })}>
          Create an account
        </Link>
      </div>
    </section>
  );
}

function Placeholder() {
  return (
    <div className="min-h-72 animate-pulse rounded-lg bg-slate-100" role="status" aria-live="polite">
      <span className="sr-only">Loading your account…</span>
    </div>
  );
}
