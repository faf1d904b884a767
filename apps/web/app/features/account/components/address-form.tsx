import { zodResolver } from '@hookform/resolvers/zod';
import { type AddressBody, addressBody, type SavedAddress } from '@shop/contracts/account';
import { addressFormOf, fieldLabel } from '@shop/contracts/address-rules';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { CountryCombobox } from '../../../components/ui/country-combobox.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { RegionInput } from '../../../components/ui/region-input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ACCOUNT_TEXT } from '../messages.ts';
import { useFormFeedback } from '../use-form-feedback.ts';

type AddressInput = z.input<typeof addressBody>;
type TextField = Exclude<keyof AddressInput, 'is_default'>;

/** The form's values for a saved address (optional parts as empty fields), or an empty form. */
export function addressFormValues(address?: SavedAddress): AddressInput {
  return {
    name: address?.name ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postal_code: address?.postal_code ?? '',
    country: address?.country ?? '',
    phone: address?.phone ?? '',
    is_default: address?.is_default ?? false,
  };
}

/**
 * One address of the address book, checked with the checkout's address schema (contracts
 * `address`). Emptied optional fields are sent as '' so an edit can clear them.
 */
export function AddressForm({
  address,
  submitLabel,
  onSave,
  onCancel,
}: {
  address?: SavedAddress;
  submitLabel: string;
  onSave: (body: AddressBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const form = useForm<AddressInput, unknown, AddressBody>({
    resolver: zodResolver(addressBody),
    defaultValues: addressFormValues(address),
    reValidateMode: 'onSubmit',
  });
  const feedback = useFormFeedback(() => form.clearErrors());
  const { errors, isSubmitting } = form.formState;

  async function onValid(body: AddressBody) {
    feedback.start();
    // A new address without the box ticked leaves the choice to the API: the first one becomes the default.
    const { is_default, ...fields } = body;
    try {
      await onSave(address || is_default ? body : fields);
    } catch (error) {
      await feedback.fail(error, ACCOUNT_TEXT.addressFailed);
    }
  }

  const field = (
    name: TextField,
    label: string,
    autoComplete: string,
    extra: { hint?: string; maxLength?: number; type?: string } = {},
  ) => (
    <LabelledField id={`${id}-${name}`} label={label} hint={extra.hint} error={errors[name]?.message}>
      {(control) => (
        <Input
          {...control}
          type={extra.type ?? 'text'}
          autoComplete={autoComplete}
          maxLength={extra.maxLength}
          {...form.register(name)}
        />
      )}
    </LabelledField>
  );
  // Named and ordered as the chosen country writes addresses (contracts `addressFormOf`).
  const countryCode = useWatch({ control: form.control, name: 'country' }) ?? '';
  const country = addressFormOf(countryCode);
  const city = field('city', 'City', 'address-level2');
  const postcode = field('postal_code', fieldLabel(country.postcodeLabel, country.postcodeRequired), 'postal-code', {
    hint: country.postcodeExample ? `For example ${country.postcodeExample}` : undefined,
  });

  return (
    <form
      method="post"
      noValidate
      onSubmit={form.handleSubmit(onValid, feedback.invalid)}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4"
      aria-label={address ? `Edit address: ${address.name}` : 'New address'}
    >
      <FormAlert tone="error">{feedback.error}</FormAlert>
      {field('name', 'Full name', 'name')}
      {field('line1', 'Address', 'address-line1')}
      {field('line2', 'Address line 2 (optional)', 'address-line2')}
      <div className="grid gap-4 sm:grid-cols-2">
        {country.postcodeFirst ? postcode : city}
        {country.postcodeFirst ? city : postcode}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField
          id={`${id}-region`}
          label={fieldLabel(country.regionLabel, country.regionRequired)}
          error={errors.region?.message}
        >
          {(control) => (
            <RegionInput
              {...control}
              country={countryCode}
              autoComplete="address-level1"
              {...form.register('region')}
            />
          )}
        </LabelledField>
        <LabelledField id={`${id}-country`} label="Country" error={errors.country?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="country"
              render={({ field: country }) => (
                <CountryCombobox
                  control={control}
                  name={country.name}
                  value={country.value}
                  onChange={country.onChange}
                  onBlur={country.onBlur}
                  autoComplete="country"
                />
              )}
            />
          )}
        </LabelledField>
      </div>
      {field('phone', 'Phone (optional)', 'tel', { type: 'tel' })}
      {address?.is_default ? null : (
        <label htmlFor={`${id}-default`} className="flex items-center gap-2 text-slate-800 text-sm">
          <Checkbox id={`${id}-default`} {...form.register('is_default')} />
          Make this my default address
        </label>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {submitLabel}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
