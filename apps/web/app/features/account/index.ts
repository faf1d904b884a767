/**
 * The account feature's public face. No other feature needs the account yet; the
 * account and confirm-email routes render its views (routes may import a feature's modules directly,
 * so that each page's chunk carries only what it renders).
 */
export { AccountView } from './components/account-view.tsx';
export { ConfirmEmailView } from './components/confirm-email-view.tsx';
