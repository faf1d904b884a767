import { addressFormOf, fieldLabel } from '@shop/contracts/address-rules';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { CountryCombobox } from '../../../components/ui/country-combobox.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { RegionInput } from '../../../components/ui/region-input.tsx';
import type { CheckoutValues } from '../checkout-form.ts';

type Section = 'shipping' | 'billing';

/**
 * The fields of one postal address (contracts `address`), with autofill hints for its section, named and
 * ordered as the chosen country writes them (contracts `addressFormOf`): "ZIP code" and "State" in the
 * US, the postcode before the town in Germany.
 */
export function AddressFields({
  section,
  idPrefix,
  register,
  control: formControl,
  errors,
}: {
  section: Section;
  idPrefix: string;
  register: UseFormRegister<CheckoutValues>;
  control: Control<CheckoutValues>;
  errors: FieldErrors<CheckoutValues>;
}) {
  const e = errors[section];
  const id = (field: string) => `${idPrefix}-${section}-${field}`;
  const auto = (token: string) => `section-${section} ${section} ${token}`;
  const country = useWatch({ control: formControl, name: `${section}.country` }) ?? '';
  const form = addressFormOf(country);
  const postcodeHint = form.postcodeExample ? `For example ${form.postcodeExample}` : undefined;
  const city = (
    <LabelledField id={id('city')} label="City" error={e?.city?.message}>
      {(control) => <Input {...control} autoComplete={auto('address-level2')} {...register(`${section}.city`)} />}
    </LabelledField>
  );
  const postcode = (
    <LabelledField
      id={id('postal')}
      label={fieldLabel(form.postcodeLabel, form.postcodeRequired)}
      hint={postcodeHint}
      error={e?.postal_code?.message}
    >
      {(control) => <Input {...control} autoComplete={auto('postal-code')} {...register(`${section}.postal_code`)} />}
    </LabelledField>
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LabelledField id={id('name')} label="Full name" error={e?.name?.message} className="sm:col-span-2">
        {(control) => <Input {...control} autoComplete={auto('name')} {...register(`${section}.name`)} />}
      </LabelledField>
      <LabelledField id={id('line1')} label="Address" error={e?.line1?.message} className="sm:col-span-2">
        {(control) => (
          <Input
            {...control}
            autoComplete={auto('address-line1')}
            placeholder="Street and number"
            {...register(`${section}.line1`)}
          />
        )}
      </LabelledField>
      <LabelledField
        id={id('line2')}
        label="Address line 2 (optional)"
        error={e?.line2?.message}
        className="sm:col-span-2"
      >
        {(control) => (
          <Input
            {...control}
            autoComplete={auto('address-line2')}
            placeholder="Apartment, suite, floor"
            {...register(`${section}.line2`)}
          />
        )}
      </LabelledField>
      {form.postcodeFirst ? postcode : city}
      {form.postcodeFirst ? city : postcode}
      <LabelledField
        id={id('region')}
        label={fieldLabel(form.regionLabel, form.regionRequired)}
        error={e?.region?.message}
      >
        {(control) => (
          <RegionInput
            {...control}
            country={country}
            autoComplete={auto('address-level1')}
            {...register(`${section}.region`)}
          />
        )}
      </LabelledField>
      <LabelledField id={id('country')} label="Country" error={e?.country?.message}>
        {(control) => (
          <Controller
            control={formControl}
            name={`${section}.country`}
            render={({ field }) => (
              <CountryCombobox
                control={control}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                autoComplete={auto('country')}
              />
            )}
          />
        )}
      </LabelledField>
      <LabelledField id={id('phone')} label="Phone (optional)" error={e?.phone?.message} className="sm:col-span-2">
        {(control) => <Input {...control} type="tel" autoComplete={auto('tel')} {...register(`${section}.phone`)} />}
      </LabelledField>
    </div>
  );
}
