import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Asks before cancelling: a cancelled order cannot be restored. */
export function CancelOrderDialog({
  open,
  onOpenChange,
  orderNumber,
  busy,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  orderNumber: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title="Cancel this order?"
      description={`Order ${orderNumber} will be cancelled. Its items go back into stock and a card payment is refunded.`}
    >
      <FormAlert tone="error">{error}</FormAlert>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
          Keep order
        </Button>
        <Button variant="destructive" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          Yes, cancel order
        </Button>
      </div>
    </Dialog>
  );
}
