import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminDiscount, DiscountCreateBody } from '@shop/contracts/admin-discounts';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import {
  adminTimeZone,
  currencySymbol,
  ErrorText,
  firstErrorMessage,
  moneyInput,
  SelectField,
  TextField,
  useBaseCurrency,
} from '../../admin/index.ts';
import { useCreateDiscount } from '../api/create-discount.ts';
import { useUpdateDiscount } from '../api/update-discount.ts';
import { type DiscountFormValues, discountBody, discountForm, discountFormValues } from '../discount-form.ts';

/**
 * A new or an edited discount code. The fields are checked with the API's schema before they are sent;
 * its first complaint, or the API's answer, shows above the buttons.
 */
export function DiscountDialog({ discount, onClose }: { discount: AdminDiscount | null; onClose: () => void }) {
  const base = useBaseCurrency();
  const money = moneyInput(base);
  const symbol = currencySymbol(base);
  const form = useForm<DiscountFormValues, unknown, DiscountCreateBody>({
    resolver: zodResolver(discountForm(base)),
    defaultValues: discountFormValues(discount, base),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const create = useCreateDiscount();
  const update = useUpdateDiscount();
  const save = discount ? update : create;
  const kind = form.watch('kind');

  const onValid = () => {
    const body = discountBody(form.getValues());
    const done = {
      onSuccess: (saved: AdminDiscount) => {
        toast.success(discount ? `Saved ${saved.code}` : `Created ${saved.code}`);
        onClose();
      },
    };
    if (discount) update.mutate({ id: discount.id, body }, done);
    else create.mutate(body, done);
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={discount ? `Edit ${discount.code}` : 'New discount code'}
      className="max-w-lg"
    >
      <form onSubmit={form.handleSubmit(onValid)} className="grid gap-3 sm:grid-cols-2" noValidate>
        <TextField
          id="discount-code"
          label="Code"
          required
          autoComplete="off"
          className="sm:col-span-2"
          {...form.register('code')}
          hint="Letters A–Z, digits, - and _; shoppers may type it in any case."
        />
        <SelectField
          id="discount-kind"
          label="Kind"
          options={[
            { value: 'percent', label: 'Percent off' },
            { value: 'fixed', label: 'Fixed amount off' },
          ]}
          {...form.register('kind')}
        />
        <TextField
          id="discount-value"
          label={kind === 'percent' ? 'Percent (1–100)' : `Amount (${symbol})`}
          type="number"
          {...(kind === 'percent' ? { step: 1 } : money)}
          min={0}
          required
          {...form.register('value')}
        />
        <TextField
          id="discount-min"
          label={`Minimum subtotal (${symbol})`}
          type="number"
          {...money}
          min={0}
          {...form.register('min_subtotal')}
        />
        <TextField
          id="discount-limit"
          label="Usage limit"
          type="number"
          min={1}
          step={1}
          hint="Empty: unlimited"
          {...form.register('usage_limit')}
        />
        <TextField
          id="discount-start"
          label="Starts"
          type="datetime-local"
          hint={`Store time (${adminTimeZone()})`}
          {...form.register('starts_at')}
        />
        <TextField
          id="discount-end"
          label="Ends"
          type="datetime-local"
          hint={`Store time (${adminTimeZone()})`}
          {...form.register('expires_at')}
        />
        <div className="flex items-center gap-2 sm:col-span-2">
          <Checkbox id="discount-active" {...form.register('active')} />
          <Label htmlFor="discount-active">Active</Label>
        </div>
        <div className="sm:col-span-2">
          <ErrorText error={firstErrorMessage(form.formState.errors) ?? save.error} />
        </div>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {discount ? 'Save changes' : 'Create code'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
