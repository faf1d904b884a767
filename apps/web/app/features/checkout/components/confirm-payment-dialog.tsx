import { Button } from '../../../components/ui/button.tsx';
import { DemoModeBanner } from '../../../components/ui/demo-mode-banner.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

export const CONFIRM_PAYMENT_TITLE = 'Confirm this payment with your bank';

/**
 * The card's extra confirmation step (4000 0025 0000 3155), played by the test provider as a
 * bank would: approve pays the order, decline refuses the payment. Only the demo provider asks for it,
 * so the dialog says "Demo mode — no real payment" itself: while it is open, the page's own
 * banner is hidden from screen readers.
 */
export function ConfirmPaymentDialog({
  open,
  onOpenChange,
  amount,
  storeName,
  busy,
  error,
  onAnswer,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The amount as shown, e.g. "$54.99". */
  amount: string;
  storeName: string;
  busy: 'approve' | 'decline' | null;
  error: string | null;
  onAnswer: (approve: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={CONFIRM_PAYMENT_TITLE}
      description={`Your bank asks you to approve a payment of ${amount} to ${storeName}.`}
    >
      <DemoModeBanner className="mb-4" audience="shopper" />
      <FormAlert tone="error">{error}</FormAlert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          onClick={() => onAnswer(false)}
          disabled={busy !== null}
          aria-busy={busy === 'decline'}
        >
          {busy === 'decline' ? <Spinner /> : null}
          Decline
        </Button>
        <Button onClick={() => onAnswer(true)} disabled={busy !== null} aria-busy={busy === 'approve'}>
          {busy === 'approve' ? <Spinner /> : null}
          Approve
        </Button>
      </div>
    </Dialog>
  );
}
