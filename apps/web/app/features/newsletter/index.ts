/** The newsletter feature's public face. */
export { NewsletterForm } from './components/newsletter-form.tsx';
