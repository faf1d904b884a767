import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminSettings, adminSettings, GUEST_HOLD_HOURS } from '@shop/contracts/admin-settings';
import { hasBankAccount } from '@shop/contracts/invoices';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { firstErrorMessage, TextField } from '../../admin/index.ts';
import { useSaveSettings } from '../api/update-settings.ts';
import { num, SectionForm } from './section-form.tsx';

interface PayLaterValues {
  days: string;
  holdHours: string;
  threshold: string;
}

const payLaterSettings = (settings: AdminSettings, form: PayLaterValues): AdminSettings => ({
  ...settings,
  pay_later_days: num(form.days),
  guest_hold_hours: num(form.holdHours),
  low_stock_threshold: num(form.threshold),
});

export const PAY_LATER_STATUS = {
  on: 'Pay later is on: shoppers can choose it at checkout, and its invoices print the bank details below.',
  off: 'Pay later is off: shoppers can choose it once the bank details for invoices below are saved, so that every invoice says where to pay.',
} as const;

/**
 * The pay-later terms, and whether shoppers are offered pay later at all: only once the store has saved
 * its bank details (the section below), which the status line says.
 */
export function PayLaterSection({ settings }: { settings: AdminSettings }) {
  const on = hasBankAccount(settings);
  const form = useForm<PayLaterValues, unknown, AdminSettings>({
    resolver: zodResolver(
      z
        .custom<PayLaterValues>()
        .transform((v) => payLaterSettings(settings, v))
        .pipe(adminSettings),
    ),
    defaultValues: {
      days: String(settings.pay_later_days),
      holdHours: String(settings.guest_hold_hours),
      threshold: String(settings.low_stock_threshold),
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useSaveSettings();
  return (
    <SectionForm
      title="Pay later"
      error={firstErrorMessage(form.formState.errors) ?? save.error}
      pending={save.isPending}
      onSubmit={form.handleSubmit(() =>
        save.mutate(payLaterSettings(settings, form.getValues()), {
          onSuccess: () => toast.success('Pay-later terms saved'),
        }),
      )}
    >
      <p
        className={on ? 'text-slate-700 text-sm' : 'rounded-md bg-amber-50 p-3 text-amber-900 text-sm'}
        data-testid="pay-later-status"
      >
        {on ? PAY_LATER_STATUS.on : PAY_LATER_STATUS.off}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="pay-later-days"
          label="Invoices due after (days)"
          type="number"
          min={1}
          max={120}
          {...form.register('days')}
        />
        <TextField
          id="guest-hold-hours"
          label="Unpaid guest orders cancelled after (hours)"
          type="number"
          min={GUEST_HOLD_HOURS.min}
          max={GUEST_HOLD_HOURS.max}
          {...form.register('holdHours')}
          hint="A guest's pay-later order holds its items this long; its invoice falls due then at the latest."
        />
        <TextField
          id="low-stock"
          label="Low-stock threshold (units)"
          type="number"
          min={0}
          {...form.register('threshold')}
          hint="The dashboard lists products at or below this."
        />
      </div>
    </SectionForm>
  );
}
