import { Dialog } from '../../../components/ui/dialog.tsx';
import { SignInForm } from './sign-in-form.tsx';

/** docs/product.md §2 sign-in dialog; loaded on first open (features/shell/components/site-dialogs.tsx). */
export default function SignInDialog({ onClose, onSwitch }: { onClose: () => void; onSwitch: (to: 'signup') => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Welcome Back"
      description="Sign in to your account to continue shopping"
    >
      <SignInForm onDone={onClose} onCreateAccount={() => onSwitch('signup')} />
    </Dialog>
  );
}
