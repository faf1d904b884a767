import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminSettings, adminSettings } from '@shop/contracts/admin-settings';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { firstErrorMessage, TextField } from '../../admin/index.ts';
import { useSaveSettings } from '../api/update-settings.ts';
import { num, SectionForm } from './section-form.tsx';

interface ShippingValues {
  standard_price: string;
  standard_free: string;
  express_price: string;
  express_free: string;
  standard_delivery: string;
  express_delivery: string;
  tax: string;
}

const freeOver = (v: string) => (v.trim() === '' ? null : num(v));

const shippingSettings = (settings: AdminSettings, form: ShippingValues): AdminSettings => ({
  ...settings,
  shipping: {
    standard: {
      price: num(form.standard_price),
      free_over: freeOver(form.standard_free),
      delivery: form.standard_delivery,
    },
    express: {
      price: num(form.express_price),
      free_over: freeOver(form.express_free),
      delivery: form.express_delivery,
    },
  },
  tax_rate_percent: num(form.tax),
});

export function ShippingSection({ settings }: { settings: AdminSettings }) {
  const text = (v: number | null) => (v === null ? '' : String(v));
  const form = useForm<ShippingValues, unknown, AdminSettings>({
    resolver: zodResolver(
      z
        .custom<ShippingValues>()
        .transform((v) => shippingSettings(settings, v))
        .pipe(adminSettings),
    ),
    defaultValues: {
      standard_price: text(settings.shipping.standard.price),
      standard_free: text(settings.shipping.standard.free_over),
      express_price: text(settings.shipping.express.price),
      express_free: text(settings.shipping.express.free_over),
      standard_delivery: settings.shipping.standard.delivery ?? '',
      express_delivery: settings.shipping.express.delivery ?? '',
      tax: String(settings.tax_rate_percent),
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useSaveSettings();
  return (
    <SectionForm
      title="Shipping & tax"
      error={firstErrorMessage(form.formState.errors) ?? save.error}
      pending={save.isPending}
      onSubmit={form.handleSubmit(() =>
        save.mutate(shippingSettings(settings, form.getValues()), {
          onSuccess: () => toast.success('Shipping and tax saved'),
        }),
      )}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id="ship-standard"
          label="Standard shipping ($)"
          type="number"
          step={0.01}
          min={0}
          {...form.register('standard_price')}
        />
        <TextField
          id="ship-standard-free"
          label="Standard free over ($)"
          type="number"
          step={0.01}
          min={0}
          hint="Empty: never free"
          {...form.register('standard_free')}
        />
        <TextField
          id="ship-express"
          label="Express shipping ($)"
          type="number"
          step={0.01}
          min={0}
          {...form.register('express_price')}
        />
        <TextField
          id="ship-express-free"
          label="Express free over ($)"
          type="number"
          step={0.01}
          min={0}
          hint="Empty: never free"
          {...form.register('express_free')}
        />
        <TextField
          id="ship-standard-delivery"
          label="Standard delivery time"
          hint="Shown at checkout and on the shipping pages, e.g. 5–7 business days"
          {...form.register('standard_delivery')}
        />
        <TextField
          id="ship-express-delivery"
          label="Express delivery time"
          hint="e.g. 1–2 business days"
          {...form.register('express_delivery')}
        />
        <TextField
          id="tax-rate"
          label="Tax rate (%)"
          type="number"
          step={0.01}
          min={0}
          max={50}
          {...form.register('tax')}
        />
      </div>
    </SectionForm>
  );
}
