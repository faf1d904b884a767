import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountBody } from '@shop/contracts/account';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { ACCOUNT_TEXT } from '../messages.ts';
import { useFormFeedback } from '../use-form-feedback.ts';

type Values = z.infer<typeof deleteAccountBody>;

/** What deleting means, said before the password is asked for (orders kept, anonymised). */
export const DELETE_ACCOUNT_EXPLANATION =
  'Your profile, saved addresses, wishlist, cart and back-in-stock requests are removed and you are signed out everywhere. Your orders are kept for our records, anonymised: they no longer carry your name or e-mail. This cannot be undone.';

/** Confirms the deletion with the password; `onDeleted` runs once the API has deleted the account. */
export default function DeleteAccountDialog({ onClose, onDeleted }: { onClose: () => void; onDeleted: () => void }) {
  const id = useId();
  const remove = useDeleteAccount();
  const form = useForm<Values>({
    resolver: zodResolver(deleteAccountBody),
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });
  const feedback = useFormFeedback(() => form.clearErrors());
  const { errors, isSubmitting } = form.formState;

  async function onValid({ password }: Values) {
    feedback.start();
    try {
      await remove.mutateAsync(password);
    } catch (error) {
      await feedback.fail(error, ACCOUNT_TEXT.deleteFailed);
      return;
    }
    onDeleted();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onClose();
      }}
      title="Delete your account?"
      description={DELETE_ACCOUNT_EXPLANATION}
    >
      <form method="post" noValidate onSubmit={form.handleSubmit(onValid, feedback.invalid)} className="space-y-4">
        <FormAlert tone="error">{feedback.error}</FormAlert>
        <LabelledField id={`${id}-password`} label="Your password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" autoFocus {...form.register('password')} />
          )}
        </LabelledField>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onClose} disabled={isSubmitting}>
            Keep my account
          </Button>
          <Button type="submit" variant="destructive" disabled={isSubmitting} aria-busy={isSubmitting}>
            {isSubmitting ? <Spinner /> : null}
            {isSubmitting ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
