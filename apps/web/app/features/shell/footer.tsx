import type { StoreProfile } from '@shop/contracts/admin-settings';
import { Link } from 'react-router';
import { Container } from '../../components/layout/container.tsx';
import { NewsletterForm } from '../newsletter/index.ts';

/** spec §2 footer links, grouped the way shoppers look for them. */
const LINK_GROUPS = [
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/careers', label: 'Careers' },
      { to: '/press', label: 'Press' },
      { to: '/blog', label: 'Blog' },
      { to: '/investors', label: 'Investors' },
    ],
  },
  {
    title: 'Customer Service',
    links: [
      { to: '/contact', label: 'Contact Us' },
      { to: '/faq', label: 'FAQ' },
      { to: '/shipping', label: 'Shipping Info' },
      { to: '/returns', label: 'Returns' },
      { to: '/size-guide', label: 'Size Guide' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/cookies', label: 'Cookie Policy' },
      { to: '/accessibility', label: 'Accessibility' },
    ],
  },
] as const;

/** spec §2 shows four social links; each points where admin Settings says (issue 5), else nowhere yet. */
const SOCIAL = [
  { network: 'facebook', name: 'Facebook' },
  { network: 'instagram', name: 'Instagram' },
  { network: 'twitter', name: 'X' },
  { network: 'youtube', name: 'YouTube' },
] as const;

/** What the footer shows until admin Settings fill in the store profile. */
const DEFAULT_CONTACT = { phone: '+1 (555) 123-4567', email: 'support@shop.example' };

/** spec §9: payment badges V, M, P. */
const PAYMENT_BADGES = [
  { letter: 'V', name: 'Visa' },
  { letter: 'M', name: 'Mastercard' },
  { letter: 'P', name: 'PayPal' },
] as const;

const linkClass =
  'text-slate-300 text-sm hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-white';

/**
 * spec §2 footer, site-wide. The layout loads it lazily: the server renders it in full, and the browser
 * hydrates it once its code arrives, so none of it weighs on the first paint's JavaScript.
 */
export default function Footer({ store }: { store?: StoreProfile }) {
  const name = store?.name || 'Shop';
  const phone = store?.contactPhone || DEFAULT_CONTACT.phone;
  const email = store?.contactEmail || DEFAULT_CONTACT.email;
  const socialUrl = (network: string) => store?.social.find((s) => s.network === network)?.url;
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <Container className="grid gap-10 py-12 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div className="space-y-6">
          <p className="font-bold text-white text-xl">{name}</p>
          <NewsletterForm />
        </div>
        {LINK_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="font-semibold text-white">{group.title}</h2>
            <ul className="mt-3 space-y-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </Container>

      <Container className="grid gap-6 border-slate-700 border-t py-8 md:grid-cols-3">
        <address className="space-y-2 text-slate-300 text-sm not-italic">
          <p className="font-semibold text-white">Customer Support</p>
          <p>
            <a href={`tel:${phone.replace(/[^+\d]/g, '')}`} className={linkClass}>
              {phone}
            </a>
          </p>
          <p>
            <a href={`mailto:${email}`} className={linkClass}>
              {email}
            </a>
          </p>
          {store?.address ? <p className="whitespace-pre-line">{store.address}</p> : null}
          <p>Monday to Friday, 9:00–18:00</p>
        </address>
        <div>
          <p className="font-semibold text-sm text-white">Follow us</p>
          <ul className="mt-2 flex flex-wrap gap-3">
            {SOCIAL.map((social) => (
              <li key={social.network}>
                {/* Placeholders until the shop has its accounts (spec §2); no target, no new tab. */}
                <a href={socialUrl(social.network) ?? '#top'} rel="noopener noreferrer" className={linkClass}>
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <p className="font-semibold text-sm text-white">We accept</p>
          <ul className="mt-2 flex gap-2" aria-label="Payment methods">
            {PAYMENT_BADGES.map((badge) => (
              <li
                key={badge.letter}
                title={badge.name}
                className="flex h-8 w-12 items-center justify-center rounded bg-white font-bold text-slate-900 text-sm"
              >
                <span aria-hidden="true">{badge.letter}</span>
                <span className="sr-only">{badge.name}</span>
              </li>
            ))}
          </ul>
        </div>
      </Container>

      <div className="border-slate-700 border-t">
        <Container className="py-6 text-center text-slate-400 text-sm">
          © {new Date().getFullYear()} {name}. All rights reserved.
        </Container>
      </div>
    </footer>
  );
}
