import type { ComponentType } from 'react';
import { createStore, useStore } from 'zustand';
import { type Loadable, loadable, useLoadable } from '../../../lib/lazy-island.ts';
import { loadSignInDialog, loadSignUpDialog } from '../../auth/index.ts';
import { loadContactDialog } from '../../contact/index.ts';

/** The dialogs the navbar and the mobile menu open (docs/product.md §2). */
export type SiteDialog = 'login' | 'signup' | 'contact';

interface DialogProps {
  onClose: () => void;
  onSwitch: (to: SiteDialog) => void;
}

const fromModule = (m: { default: ComponentType<DialogProps> }) => m.default;

// Each dialog (with its form library, schemas and the API client) loads on first use: none of it may
// weigh on the first paint (docs/architecture.md §9 JS budget).
const dialogs: Record<SiteDialog, Loadable<DialogProps>> = {
  login: loadable(() => loadSignInDialog().then(fromModule)),
  signup: loadable(() => loadSignUpDialog().then(fromModule)),
  contact: loadable(() => loadContactDialog().then(fromModule)),
};

const dialogStore = createStore<{ open: SiteDialog | null }>(() => ({ open: null }));

export function openSiteDialog(name: SiteDialog) {
  dialogStore.setState({ open: name });
}

export function closeSiteDialog() {
  dialogStore.setState({ open: null });
}

/** Starts loading a dialog's code before it is asked for (pointer over, or focus on, its trigger). */
export function preloadSiteDialog(name: SiteDialog) {
  dialogs[name].preload().catch(() => undefined);
}

/** Renders the open dialog, if any, as soon as its code is here; mounted once by the header. */
export function SiteDialogs() {
  const open = useStore(dialogStore, (s) => s.open);
  return open ? <OpenDialog key={open} name={open} /> : null;
}

function OpenDialog({ name }: { name: SiteDialog }) {
  const Dialog = useLoadable(dialogs[name], true);
  return Dialog ? <Dialog onClose={closeSiteDialog} onSwitch={openSiteDialog} /> : null;
}
