import type { StoreProfile } from '@shop/contracts/admin-settings';
import { Container } from '../../../components/layout/container.tsx';
import { NewsletterForm } from '../../newsletter/index.ts';
import { MenuLinkTo } from './menu-link.tsx';

/** The social networks in the order the footer lists them, each under the name it shows. */
const SOCIAL = [
  { network: 'facebook', name: 'Facebook' },
  { network: 'instagram', name: 'Instagram' },
  { network: 'twitter', name: 'X' },
  { network: 'youtube', name: 'YouTube' },
] as const;

const linkClass =
  'text-slate-300 text-sm hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white';

/**
 * The footer, site-wide; its columns of links are the owner's (admin Settings › Menus; the demo's are seeded,
 * docs/adr/041-menus.md). The layout loads it lazily: the server renders it in full, and the browser
 * hydrates it once its code arrives, so none of it weighs on the first paint's JavaScript.
 */
export default function Footer({ store }: { store?: StoreProfile }) {
  const name = store?.name || 'Shop';
  const phone = store?.contactPhone ?? '';
  const email = store?.contactEmail ?? '';
  // Only what the owner set: a link to a profile the shop has, contact details it gave, badges it means.
  const social = SOCIAL.flatMap((s) => {
    const url = store?.social.find((link) => link.network === s.network)?.url;
    return url ? [{ ...s, url }] : [];
  });
  const badges = store?.paymentBadges ?? [];
  const support = Boolean(phone || email || store?.address || store?.openingHours);
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <Container className="grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="space-y-6">
          <p className="font-bold text-white text-xl">{name}</p>
          <NewsletterForm />
        </div>
        {(store?.footerMenu ?? []).map((column, i) => (
          // Headings may repeat; a column's place does not.
          // biome-ignore lint/suspicious/noArrayIndexKey: the columns are the owner's ordered list
          <nav key={i} aria-label={column.title}>
            <h2 className="font-semibold text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the links are the owner's ordered list
                <li key={j}>
                  <MenuLinkTo link={link} className={linkClass} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>

      <Container className="grid gap-6 border-slate-700 border-t py-8 md:grid-cols-3">
        {support ? (
          <address className="space-y-2 text-slate-300 text-sm not-italic">
            <p className="font-semibold text-white">Customer Support</p>
            {phone ? (
              <p>
                <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className={linkClass}>
                  {phone}
                </a>
              </p>
            ) : null}
            {email ? (
              <p>
                <a href={`mailto:${email}`} className={linkClass}>
                  {email}
                </a>
              </p>
            ) : null}
            {store?.address ? <p className="whitespace-pre-line">{store.address}</p> : null}
            {store?.openingHours ? <p>{store.openingHours}</p> : null}
          </address>
        ) : (
          <div />
        )}
        {social.length > 0 ? (
          <div>
            <p className="font-semibold text-sm text-white">Follow us</p>
            <ul className="mt-2 flex flex-wrap gap-3">
              {social.map((link) => (
                <li key={link.network}>
                  {/* No target: the profile opens in the same tab, as every other link here. */}
                  <a href={link.url} rel="noopener noreferrer" className={linkClass}>
                    {link.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <div />
        )}
        {badges.length > 0 ? (
          <div>
            <p className="font-semibold text-sm text-white">We accept</p>
            <ul className="mt-2 flex gap-2" aria-label="Payment methods">
              {badges.map((badge) => (
                <li
                  key={badge.id}
                  title={badge.name}
                  className="flex h-8 w-12 items-center justify-center rounded bg-white font-bold text-slate-900 text-sm"
                >
                  <span aria-hidden="true">{badge.letter}</span>
                  <span className="sr-only">{badge.name}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Container>

      <div className="border-slate-700 border-t">
        <Container className="py-6 text-center text-slate-400 text-sm">
          © {new Date().getFullYear()} {name}. All rights reserved.
        </Container>
      </div>
    </footer>
  );
}
