import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { loadable, useLoadable } from '../../../lib/lazy-island.ts';
import { logout } from '../../auth/index.ts';
import { ACCOUNT_TEXT } from '../messages.ts';

// The dialog (Radix, its form) loads when asked for: most visits never open it.
const deleteDialog = loadable(() => import('./delete-account-dialog.tsx').then((m) => m.default));

/** 'Delete account': confirmed with the password in a dialog; then signed out, home. */
export function DangerZone() {
  const [open, setOpen] = useState(false);
  const Dialog = useLoadable(deleteDialog, open);
  const navigate = useNavigate();

  function deleted() {
    setOpen(false);
    logout();
    navigate('/');
    void import('react-hot-toast').then(({ toast }) => toast.success(ACCOUNT_TEXT.accountDeleted));
  }

  return (
    <div>
      <p className="text-slate-700 text-sm">
        Deleting your account signs you out and removes your personal data. Orders you placed are kept, anonymised.
      </p>
      <Button
        variant="destructive"
        className="mt-4"
        aria-haspopup="dialog"
        onPointerEnter={() => void deleteDialog.preload().catch(() => undefined)}
        onFocus={() => void deleteDialog.preload().catch(() => undefined)}
        onClick={() => setOpen(true)}
      >
        Delete account
      </Button>
      {Dialog ? <Dialog onClose={() => setOpen(false)} onDeleted={deleted} /> : null}
    </div>
  );
}
