/** The newsletter feature's public face (issue 12 point 4). */
export { NewsletterForm } from './newsletter-form.tsx';
