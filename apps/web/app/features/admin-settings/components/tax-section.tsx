import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminSettings, adminSettings } from '@shop/contracts/admin-settings';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { Link } from 'react-router';
import { z } from 'zod';
import { firstErrorMessage, TextField } from '../../admin/index.ts';
import { useSaveSettings } from '../api/update-settings.ts';
import { num, SectionForm } from './section-form.tsx';

interface TaxValues {
  tax: string;
}

const taxSettings = (settings: AdminSettings, form: TaxValues): AdminSettings => ({
  ...settings,
  tax_rate_percent: num(form.tax),
});

/**
 * The standard class's own rate (docs/adr/049-tax-by-destination.md); classes and rates by zone have a
 * page of their own, as shipping does (docs/adr/048-shipping-zones.md).
 */
export function TaxSection({ settings }: { settings: AdminSettings }) {
  const form = useForm<TaxValues, unknown, AdminSettings>({
    resolver: zodResolver(
      z
        .custom<TaxValues>()
        .transform((v) => taxSettings(settings, v))
        .pipe(adminSettings),
    ),
    defaultValues: { tax: String(settings.tax_rate_percent) },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useSaveSettings();
  return (
    <SectionForm
      title="Tax"
      error={firstErrorMessage(form.formState.errors) ?? save.error}
      pending={save.isPending}
      onSubmit={form.handleSubmit(() =>
        save.mutate(taxSettings(settings, form.getValues()), {
          onSuccess: () => toast.success('Tax saved'),
        }),
      )}
    >
      <TextField
        id="tax-rate"
        label="Tax rate (%)"
        type="number"
        step={0.01}
        min={0}
        max={50}
        className="sm:max-w-xs"
        {...form.register('tax')}
      />
      <p className="text-slate-600 text-sm">
        Shipping zones, methods and rates:{' '}
        <Link to="/admin/settings/shipping" className="font-medium text-slate-900 underline underline-offset-2">
          Settings › Shipping
        </Link>
      </p>
      <p className="text-slate-600 text-sm">
        Tax classes and rates by zone:{' '}
        <Link to="/admin/settings/tax" className="font-medium text-slate-900 underline underline-offset-2">
          Settings › Tax
        </Link>
      </p>
    </SectionForm>
  );
}
