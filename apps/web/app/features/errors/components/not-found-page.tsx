import { DELAYS } from '@shop/contracts/constants';
import { ArrowLeft, House, RefreshCw, Search } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { pluralNoun } from '../../../lib/plural.ts';

/** docs/product.md §2: the 404 page's quick links. */
export const NOT_FOUND_QUICK_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'All Products' },
  { to: '/categories', label: 'Categories' },
  { to: '/account', label: 'My Account' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/help', label: 'Help Center' },
] as const;

const linkClass = 'font-medium text-slate-900 underline-offset-4 hover:underline';

/**
 * The 404 page of docs/product.md §2: 'Oops! Page Not Found', a 10-second countdown to the homepage that the
 * shopper can cancel, a product search (docs/product.md §10: it goes to /products?q=…), Go Back, Go to Homepage,
 * Refresh Page, category and quick links, and the 'Error Code: 404 | Page Not Found' line.
 */
export function NotFoundPage({ categories }: { categories: readonly { id: string; name: string }[] }) {
  const navigate = useNavigate();
  const headingId = useId();
  const searchId = useId();
  const [seconds, setSeconds] = useState<number>(DELAYS.notFoundRedirectS);
  const [cancelled, setCancelled] = useState(false);

  // One tick a second, so the text always shows what is left (docs/product.md §9: 10 s). An interval rather than a
  // timeout per render: ticks keep their pace however late React renders.
  useEffect(() => {
    if (cancelled) return;
    const timer = setInterval(() => setSeconds((s) => Math.max(s - 1, 0)), 1000);
    return () => clearInterval(timer);
  }, [cancelled]);
  useEffect(() => {
    if (!cancelled && seconds === 0) navigate('/');
  }, [seconds, cancelled, navigate]);

  const goBack = () => {
    // A tab opened on this page has nothing to go back to: go to the homepage instead.
    if (window.history.length <= 1) navigate('/');
    else navigate(-1);
  };

  return (
    <main className="mx-auto w-[90%] max-w-[1200px] py-12 sm:py-16" aria-labelledby={headingId}>
      <div className="mx-auto max-w-2xl text-center">
        <p className="font-bold text-7xl text-slate-500 sm:text-8xl" aria-hidden="true">
          404
        </p>
        <h1 id={headingId} className="mt-4 font-bold text-3xl tracking-tight sm:text-4xl">
          Oops! Page Not Found
        </h1>
        <p className="mt-3 text-lg text-slate-700">
          The page you are looking for does not exist, has moved, or the address has a typo.
        </p>

        <div className="mt-6 flex flex-wrap items-center justify-center gap-3 text-slate-700">
          {cancelled ? (
            <p>Automatic redirect cancelled. Take your time.</p>
          ) : (
            <>
              {/* role=timer: screen readers do not announce every tick (implicit aria-live off). */}
              <p role="timer">
                Redirecting to the homepage in <strong className="text-slate-900">{seconds}</strong>{' '}
                {pluralNoun(seconds, 'second', 'seconds')}.
              </p>
              <Button variant="outline" size="sm" onClick={() => setCancelled(true)}>
                Cancel
              </Button>
            </>
          )}
        </div>

        <Form method="get" action="/products" role="search" className="mx-auto mt-8 max-w-md text-left">
          <Label htmlFor={searchId}>Search products</Label>
          <div className="mt-1 flex gap-2">
            <Input
              id={searchId}
              type="search"
              name="q"
              placeholder="What are you looking for?"
              autoComplete="off"
              maxLength={200}
              // Typing a search must not be cut short by the redirect.
              onFocus={() => setCancelled(true)}
            />
            <Button type="submit">
              <Search className="size-4" aria-hidden="true" />
              Search
            </Button>
          </div>
        </Form>

        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button variant="outline" onClick={goBack}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Go Back
          </Button>
          <Link to="/" className={buttonVariants()}>
            <House className="size-4" aria-hidden="true" />
            Go to Homepage
          </Link>
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Refresh Page
          </Button>
        </div>
      </div>

      <div className="mx-auto mt-12 grid max-w-2xl gap-8 sm:grid-cols-2">
        {categories.length > 0 ? (
          <nav aria-labelledby={`${headingId}-categories`}>
            <h2 id={`${headingId}-categories`} className="font-semibold text-lg">
              Popular categories
            </h2>
            <ul className="mt-3 space-y-2">
              {categories.map((c) => (
                <li key={c.id}>
                  <Link to={`/products/category/${encodeURIComponent(c.id)}`} className={linkClass}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <nav aria-labelledby={`${headingId}-quick`}>
          <h2 id={`${headingId}-quick`} className="font-semibold text-lg">
            Quick links
          </h2>
          <ul className="mt-3 space-y-2">
            {NOT_FOUND_QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <p className="mt-12 text-center text-slate-600 text-sm">Error Code: 404 | Page Not Found</p>
    </main>
  );
}
