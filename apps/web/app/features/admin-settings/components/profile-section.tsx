import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminSettings,
  adminSettings,
  PAYMENT_BADGES,
  SOCIAL_LABELS,
  SOCIAL_NETWORKS,
} from '@shop/contracts/admin-settings';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { firstErrorMessage, TextAreaField, TextField } from '../../admin/index.ts';
import { useSaveSettings } from '../api/update-settings.ts';
import { SectionForm } from './section-form.tsx';

interface ProfileValues {
  store_name: string;
  contact_email: string;
  contact_phone: string;
  address: string;
  opening_hours: string;
  /** On: the footer's badges are the payment methods the shop takes, not a list chosen once. */
  badges_from_methods: boolean;
  facebook: string;
  twitter: string;
  instagram: string;
  youtube: string;
  primary: string;
  primary_text: string;
  accent: string;
}

const COLOR_FIELDS = [
  { key: 'primary', label: 'Primary colour', hint: 'Buttons' },
  { key: 'primary_text', label: 'Text on the primary colour', hint: 'Button labels' },
  { key: 'accent', label: 'Accent colour', hint: 'Sale badges, with white text' },
] as const;

const profileSettings = (settings: AdminSettings, form: ProfileValues): AdminSettings => ({
  ...settings,
  store_name: form.store_name,
  contact_email: form.contact_email,
  contact_phone: form.contact_phone,
  address: form.address,
  opening_hours: form.opening_hours,
  payment_badges: form.badges_from_methods ? null : settings.payment_badges,
  brand_colors: { primary: form.primary, primary_text: form.primary_text, accent: form.accent },
  social_links: {
    facebook: form.facebook,
    twitter: form.twitter,
    instagram: form.instagram,
    youtube: form.youtube,
  },
});

export function ProfileSection({ settings }: { settings: AdminSettings }) {
  const form = useForm<ProfileValues, unknown, AdminSettings>({
    resolver: zodResolver(
      z
        .custom<ProfileValues>()
        .transform((v) => profileSettings(settings, v))
        .pipe(adminSettings),
    ),
    defaultValues: {
      store_name: settings.store_name,
      contact_email: settings.contact_email,
      contact_phone: settings.contact_phone,
      address: settings.address,
      opening_hours: settings.opening_hours,
      badges_from_methods: settings.payment_badges === null,
      ...settings.social_links,
      ...settings.brand_colors,
    },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useSaveSettings();
  return (
    <SectionForm
      title="Store profile"
      error={firstErrorMessage(form.formState.errors) ?? save.error}
      pending={save.isPending}
      onSubmit={form.handleSubmit(() =>
        save.mutate(profileSettings(settings, form.getValues()), {
          onSuccess: () => toast.success('Store profile saved'),
        }),
      )}
    >
      <p className="text-slate-600 text-sm">
        The storefront's footer shows these; its buttons and badges take the colours.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="store-name" label="Store name" required {...form.register('store_name')} />
        <TextField id="store-email" label="Contact e-mail" type="email" {...form.register('contact_email')} />
        <TextField id="store-phone" label="Phone" type="tel" {...form.register('contact_phone')} />
        <TextAreaField id="store-address" label="Address" rows={2} {...form.register('address')} />
        <TextField
          id="store-hours"
          label="Opening hours"
          placeholder="Monday to Friday, 9:00–18:00"
          {...form.register('opening_hours')}
        />
        {SOCIAL_NETWORKS.map((network) => (
          <TextField
            key={network}
            id={`social-${network}`}
            label={`${SOCIAL_LABELS[network]} link`}
            type="url"
            placeholder="https://"
            {...form.register(network)}
          />
        ))}
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 font-medium text-sm">Colours</legend>
        {COLOR_FIELDS.map(({ key, label, hint }) => (
          <TextField
            key={key}
            id={`brand-${key}`}
            label={label}
            hint={`${hint}. Text on it must keep a contrast of 4.5:1 (WCAG AA).`}
            type="color"
            className="[&_input]:h-10 [&_input]:w-20 [&_input]:p-1"
            {...form.register(key)}
          />
        ))}
      </fieldset>
      {settings.payment_badges === null ? (
        <p className="text-slate-600 text-sm" data-testid="payment-badges-status">
          Under “We accept” the footer shows the payment methods this shop takes.
        </p>
      ) : (
        <div className="space-y-1" data-testid="payment-badges-status">
          <p className="text-slate-600 text-sm">
            Under “We accept” the footer shows{' '}
            {settings.payment_badges.map((id) => PAYMENT_BADGES[id].name).join(', ') || 'nothing'}, a list chosen once
            (the demo's), whatever this shop takes.
          </p>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register('badges_from_methods')} />
            Show the payment methods this shop takes instead
          </label>
        </div>
      )}
    </SectionForm>
  );
}
