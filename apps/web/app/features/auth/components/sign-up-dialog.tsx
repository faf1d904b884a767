import { Dialog } from '../../../components/ui/dialog.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** docs/product.md §2 sign-up dialog; loaded on first open (features/shell/components/site-dialogs.tsx). */
export default function SignUpDialog({ onClose, onSwitch }: { onClose: () => void; onSwitch: (to: 'login') => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Create Account"
      description="Join us today and start shopping"
      className="max-w-lg"
    >
      <SignUpForm onDone={onClose} onSignIn={() => onSwitch('login')} />
    </Dialog>
  );
}
