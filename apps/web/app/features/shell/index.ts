/**
 * The storefront shell's public face: the site dialogs other features open. The
 * header and footer themselves are loaded by the storefront layout route.
 */
export { openSiteDialog, preloadSiteDialog, type SiteDialog } from './components/site-dialogs.tsx';
