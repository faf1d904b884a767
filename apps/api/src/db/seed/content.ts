import { contentMarkupToRichText } from '../../lib/rich-text.ts';
import type { Tx } from '../client.ts';
import { contentPages } from '../schema.ts';

export interface SeedContentPage {
  slug: string;
  title: string;
  description: string;
  /**
   * Written in the plain-text form pages had before they were rich text (blank lines between blocks,
   * `## ` headings, `### ` questions, `- ` lists), stored as the HTML `contentMarkupToRichText` makes of it:
   * the same conversion migration 0018 applies to a shop's stored pages.
   */
  body: string;
}

/** Joins paragraphs with the blank line the body format uses between blocks. */
const blocks = (...parts: string[]) => parts.join('\n\n');

/**
 * Figures that checkout also uses (shipping prices, free-shipping threshold, delivery times, tax, the
 * invoice term) are placeholders (contracts/placeholders.ts), expanded from the store
 * settings whenever a page is served, so no page can quote a figure checkout does not charge.
 *
 * Default texts of the 13 footer pages (docs/product.md §2 footer links) and the help centre (docs/product.md §2 /help).
 * docs/product.md §10: they are real pages that a shop owner edits later in admin; these are sensible starting
 * texts, not lorem ipsum.
 */
export const CONTENT_PAGES: SeedContentPage[] = [
  {
    slug: 'about',
    title: 'About us',
    description: 'Who we are, what we sell and how we work: one shop for electronics, fashion, home, sports and books.',
    body: blocks(
      'We started this shop with a simple idea: everyday things should be easy to find, fairly priced and delivered without fuss. Today we carry electronics, fashion, home and garden, sports and outdoors, and books and media, all under one roof.',
      '## What we stand for',
      '- Honest prices: the price you see is the price you pay, with discounts shown plainly.\n- Real stock: if a product says it is in stock, it is on our shelves.\n- Help from people: questions are answered by our own support team, not a script.',
      '## How we choose products',
      'Our buyers test what we sell, read what customers tell us and drop products that do not live up to their promise. We work with well-known brands and with smaller makers we trust.',
      '## Get in touch',
      'We like hearing from customers. Use the contact form or write to our support team; we answer every message within two business days.',
    ),
  },
  {
    slug: 'careers',
    title: 'Careers',
    description: 'Work with us: open roles in customer support, logistics, buying and engineering.',
    body: blocks(
      'We are a small team that runs a big catalogue. Everyone here talks to customers, and everyone can change how we work.',
      '## Teams that are hiring',
      '- Customer support: help shoppers by e-mail and chat.\n- Logistics: pick, pack and ship orders from our warehouse.\n- Buying: find products worth selling and negotiate fair prices.\n- Engineering: build the shop you are using right now.',
      '## What we offer',
      'Flexible hours, remote work where the job allows it, a yearly learning budget and a staff discount on everything we sell.',
      '## How to apply',
      'Send a short note about yourself and the role you are interested in through our contact form, choosing "General Inquiry". We reply to every application.',
    ),
  },
  {
    slug: 'press',
    title: 'Press',
    description: 'News, press releases and media contacts.',
    body: blocks(
      'Journalists and creators are welcome to write about us. We are happy to share facts about the shop, our range and how we work.',
      '## Media requests',
      'For interviews, images or statements, contact us through the contact form with the subject "Press". We answer press requests within one business day.',
      '## Brand assets',
      'Our logo and product images may be used in editorial coverage about the shop. Please do not alter them or suggest an endorsement we have not given.',
    ),
  },
  {
    slug: 'blog',
    title: 'Blog',
    description: 'Buying guides, product news and tips from our team.',
    body: blocks(
      'Our blog collects buying guides, care tips and news about the products we carry.',
      '## Coming up',
      '- How to choose noise-cancelling headphones.\n- A beginner’s guide to home gym equipment.\n- Ten books our team could not put down this year.',
      'Subscribe to our newsletter at the bottom of any page to hear when new articles are published.',
    ),
  },
  {
    slug: 'investors',
    title: 'Investors',
    description: 'Information for investors and partners.',
    body: blocks(
      'We are a privately held company. We grow by keeping customers happy and costs honest.',
      '## Contact',
      'Investors and potential partners can reach our management team through the contact form with the subject "Investors".',
    ),
  },
  {
    slug: 'faq',
    title: 'Frequently asked questions',
    description: 'Answers to the questions shoppers ask most about orders, shipping, returns and accounts.',
    body: blocks(
      '## Orders',
      '### How do I place an order?',
      'Add products to your cart, open the cart and choose Checkout. You can pay by card or choose to pay later with an invoice.',
      '### Can I change or cancel my order?',
      'You can cancel an order from your order history until it has shipped. To change an order that has not shipped yet, cancel it and order again, or contact us.',
      '## Shipping',
      '### How long does delivery take?',
      '{{shipping.standard.name}}: {{shipping.standard.delivery}}. {{shipping.express.name}}: {{shipping.express.delivery}}. Costs and details are on our shipping page.',
      '### Do you ship internationally?',
      'Yes. Checkout takes delivery addresses in any country, at the same shipping rates as at home.',
      '### Is tax included in the prices?',
      '{{tax.policy}} Checkout shows the tax as a line of its own before you pay.',
      '## Returns',
      '### Can I return a product?',
      'Yes. Most products can be returned within 30 days of delivery for a full refund. See our returns page for the details.',
      '## Account',
      '### Do I need an account to shop?',
      'No. You can browse, keep a wishlist and fill a cart without an account. Signing in keeps your cart and wishlist on every device.',
      '### I forgot my password. What now?',
      'Choose "Forgot password?" in the sign-in dialog and we will e-mail you a link to set a new one.',
    ),
  },
  {
    slug: 'shipping',
    title: 'Shipping information',
    description: 'Delivery options, costs and times.',
    body: blocks(
      'We ship every order from our own warehouse and pack orders on business days. Checkout shows every option with its price and delivery time before you pay.',
      '## Delivery options',
      '- {{shipping.standard.name}}: {{shipping.standard.delivery}}, {{shipping.standard.cost}}.\n- {{shipping.express.name}}: {{shipping.express.delivery}}, {{shipping.express.cost}}.',
      '## Where we deliver',
      'Checkout shows the delivery options for your address, with their prices, as soon as you enter it.',
      '## Tax',
      '{{tax.policy}}',
      '## Tracking',
      'As soon as your order ships we e-mail you a tracking link. You can also follow your order in your order history.',
      '## Delays',
      'If your parcel has not arrived within the promised time, contact us and we will trace it or send a replacement.',
    ),
  },
  {
    slug: 'returns',
    title: 'Returns and refunds',
    description: 'How to return a product and when you get your money back.',
    body: blocks(
      'Not happy with a product? You can return it within 30 days of delivery.',
      '## Conditions',
      '- Products must be unused and in their original packaging.\n- Opened software, music, films and hygiene products cannot be returned unless they are faulty.\n- Faulty products can always be returned, also after 30 days while under warranty.',
      '## How to return',
      'Contact us through the contact form and choose "Returns & Refunds". We send you a return label; pack the product securely and drop it off.',
      '## Refunds',
      'We refund the full price, including standard shipping costs, within 5 business days after the return reaches our warehouse, to the payment method you used.',
    ),
  },
  {
    slug: 'size-guide',
    title: 'Size guide',
    description: 'Find your size for clothing and shoes.',
    body: blocks(
      'Sizes vary a little between brands. When in doubt, check the product description or choose the larger size; returns are free.',
      '## Clothing (chest / waist in inches)',
      '- XS: 32–34 / 26–28\n- S: 35–37 / 29–31\n- M: 38–40 / 32–34\n- L: 41–43 / 35–37\n- XL: 44–46 / 38–40\n- XXL: 47–49 / 41–43',
      '## Shoes (US sizes, foot length in inches)',
      '- 6: 9.25\n- 7: 9.63\n- 8: 9.94\n- 9: 10.25\n- 10: 10.56\n- 11: 10.94\n- 12: 11.25\n- 13: 11.56',
      '## How to measure',
      'Measure your chest at its widest point and your waist at its narrowest. For shoes, stand on a sheet of paper, mark your heel and longest toe and measure the distance.',
    ),
  },
  {
    slug: 'terms',
    title: 'Terms of service',
    description: 'The terms that apply when you use this shop and buy from us.',
    body: blocks(
      'These terms apply to every order placed in this shop. By placing an order you accept them.',
      '## Orders and contracts',
      'An order is a binding offer to buy. The contract is concluded when we confirm your order by e-mail. We may decline orders, for example when a product is out of stock; any payment is then refunded in full.',
      '## Prices and payment',
      'All prices are in US dollars. {{tax.policy}} Shipping costs are shown before you order. Payment is due at checkout, or within {{pay_later.days}} days of the invoice when you choose to pay later.',
      '## Delivery',
      'Delivery times are estimates. The risk of loss passes to you when the parcel is delivered.',
      '## Returns and warranty',
      'You may return products as described on our returns page. Statutory warranty rights are not affected.',
      '## Accounts',
      'Keep your password secret. You are responsible for orders placed with your account unless you tell us it has been misused.',
      '## Changes',
      'We may change these terms for future orders. The terms that applied when you ordered remain valid for that order.',
    ),
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    description: 'What personal data we collect, why, and your rights.',
    body: blocks(
      'We collect only the data we need to run the shop and never sell it.',
      '## What we collect',
      '- Account data: name, username, e-mail address and a securely hashed password.\n- Order data: the products you buy, delivery address and payment status.\n- Messages you send us through the contact form.\n- Newsletter subscriptions, only after you confirm them.',
      '## Why we use it',
      'To deliver your orders, keep your account, cart and wishlist, answer your questions and, if you subscribed, send you our newsletter.',
      '## How long we keep it',
      'Order records are kept as long as the law requires. Other data is deleted when you close your account or unsubscribe.',
      '## Your rights',
      'You may ask for a copy of your data, its correction or its deletion at any time through the contact form.',
    ),
  },
  {
    slug: 'cookies',
    title: 'Cookie policy',
    description: 'How this shop uses cookies and local storage.',
    body: blocks(
      'This shop does not use advertising or tracking cookies.',
      '## What we store in your browser',
      '- Your sign-in session, so you stay signed in between visits.\n- Your cart and wishlist while you shop without an account.',
      'This data stays in your browser and is only sent to our own servers. You can clear it at any time in your browser settings; you will then be signed out and a guest cart will be emptied.',
    ),
  },
  {
    slug: 'accessibility',
    title: 'Accessibility',
    description: 'Our commitment to a shop that everyone can use.',
    body: blocks(
      'We want everyone to be able to shop here, whatever device or assistive technology they use.',
      '## What we do',
      '- Every page can be used with a keyboard alone, with visible focus.\n- Form fields are labelled and errors are announced to screen readers.\n- Text and controls meet WCAG 2.1 AA colour contrast.\n- Dialogs keep focus inside while open and return it when closed.',
      '## Tell us about problems',
      'If something is hard to use, please tell us through the contact form and choose "Technical Support". We treat accessibility problems as bugs and fix them.',
    ),
  },
  {
    slug: 'help',
    title: 'Help Center',
    description: 'Answers about orders, shipping, returns, payment and your account, and how to reach us.',
    body: blocks(
      '## Orders',
      '### Where is my order?',
      'Open Orders in your account to see the status of every order. When an order ships we e-mail you a tracking link.',
      '### Can I cancel my order?',
      'Yes, until it has shipped. Open the order in your order history and choose Cancel; the payment is refunded in full.',
      '## Shipping and delivery',
      '### How much does shipping cost?',
      '{{shipping.standard.name}}: {{shipping.standard.cost}}. {{shipping.express.name}}: {{shipping.express.cost}}.',
      '### How long does delivery take?',
      '{{shipping.standard.name}}: {{shipping.standard.delivery}}. {{shipping.express.name}}: {{shipping.express.delivery}}.',
      '### Do you deliver abroad?',
      'Yes. Checkout takes delivery addresses in any country, at the same shipping rates.',
      '## Returns and refunds',
      '### How do I return a product?',
      'Contact us with the inquiry type "Returns & Refunds" within 30 days of delivery and we send you a return label.',
      '### When do I get my money back?',
      'Within 5 business days after the return reaches our warehouse, to the payment method you used.',
      '## Payment',
      '### Which payment methods do you accept?',
      'Pay by card at checkout, or choose pay later and pay the invoice within {{pay_later.days}} days.',
      '### Is tax included in the prices?',
      '{{tax.policy}}',
      '### Is paying by card safe?',
      'Yes. Card details are handled by our payment provider and never stored in the shop.',
      '## Account',
      '### How do I reset my password?',
      'Choose "Forgot password?" in the sign-in dialog. We e-mail you a link that is valid for one hour.',
      '### Do I need an account?',
      'No, but with an account your cart and wishlist follow you to every device and you can see your order history.',
    ),
  },
];

/** Inserts the default content pages (called once, inside the seed transaction, on an empty database). */
export async function seedContent(tx: Tx): Promise<void> {
  await tx.insert(contentPages).values(CONTENT_PAGES.map((p) => ({ ...p, body: contentMarkupToRichText(p.body) })));
}
