import { COUNTRIES } from '@shop/contracts/countries';
import type { ShippingSettingsAnswer } from '@shop/contracts/shipping-zones';
import { type TaxSettingsAnswer, type TaxSettingsBody, taxSettingsBody } from '@shop/contracts/tax-settings';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, FormProvider, type Resolver, set, useForm, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldError, FormAlert } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { NATIVE_SELECT as SELECT } from '../../../components/ui/native-select.ts';
import { issuesOf, messageAt, QueryState } from '../../admin/index.ts';
import { shippingQuery } from '../../admin-shipping/index.ts';
import { useTax } from '../api/get-tax.ts';
import { useSaveTax } from '../api/update-tax.ts';
import { formValuesOf, placeIssuesOn, settingsOf, TAX_NAMES, type TaxFormValues } from '../tax-form.ts';
import { ClassTable } from './class-table.tsx';
import { RateTable } from './rate-table.tsx';

/** Admin › Settings › Tax: how prices are entered, the tax classes, and their rates per shipping zone, saved together. */
export function TaxEditor() {
  const tax = useTax();
  // Rates name the shipping zones (docs/adr/048-shipping-zones.md).
  const shipping = useQuery(shippingQuery());
  return (
    <QueryState query={tax}>
      {(saved) => <QueryState query={shipping}>{(where) => <TaxForm saved={saved} zones={where.zones} />}</QueryState>}
    </QueryState>
  );
}

/**
 * The browser checks the save with the contract the API uses, and each complaint goes on the field it
 * names; the form is sent only once it passes.
 */
const resolver: Resolver<TaxFormValues, unknown, TaxSettingsBody> = (values) => {
  const checked = taxSettingsBody.safeParse(settingsOf(values));
  if (checked.success) return { values: checked.data, errors: {} };
  const { fields, unplaced } = placeIssuesOn(checked.error.issues, values);
  const errors = {};
  for (const [name, message] of fields) set(errors, name, { type: 'contract', message });
  // What no field shows goes in the alert above Save.
  if (unplaced[0]) set(errors, 'root.contract', { type: 'contract', message: unplaced[0] });
  return { values: {}, errors };
};

const NOT_SAVED = 'Tax was not saved: correct the fields marked above.';

function TaxForm({ saved, zones }: { saved: TaxSettingsAnswer; zones: ShippingSettingsAnswer['zones'] }) {
  const form = useForm<TaxFormValues, unknown, TaxSettingsBody>({
    resolver,
    defaultValues: formValuesOf(saved),
    reValidateMode: 'onSubmit',
  });
  const save = useSaveTax();
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; message: string } | null>(null);
  const { errors } = form.formState;
  const error = (name: string) => messageAt(errors, name);
  const classes = useWatch({ control: form.control, name: 'classes' });
  const pricesIncludeTax = useWatch({ control: form.control, name: 'pricesIncludeTax' });
  const classCodes = classes.map((c) => c.code.trim()).filter((code) => code !== '');

  async function onValid(next: TaxSettingsBody) {
    setOutcome(null);
    try {
      const answer = await save.mutateAsync(next);
      form.reset(formValuesOf(answer));
      setOutcome({ tone: 'success', message: 'Tax saved' });
    } catch (failure) {
      const { fields, unplaced } = placeIssuesOn(issuesOf(failure), form.getValues());
      for (const [name, message] of fields) {
        form.setError(name as 'name', { type: 'server', message }, { shouldFocus: true });
      }
      const message = failure instanceof Error ? failure.message : 'Tax could not be saved';
      setOutcome({ tone: 'error', message: unplaced[0] ?? (fields.size > 0 ? NOT_SAVED : message) });
    }
  }

  const alert =
    outcome ??
    (Object.keys(errors).length > 0 ? { tone: 'error' as const, message: error('root.contract') ?? NOT_SAVED } : null);

  return (
    <FormProvider {...form}>
      <form
        aria-label="Tax"
        noValidate
        className="space-y-6"
        onSubmit={(event) => {
          setOutcome(null);
          return form.handleSubmit(onValid)(event);
        }}
      >
        {/* Its cells may shrink below a select's longest country name: a phone shows the page without sideways scrolling. */}
        <section className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm *:min-w-0 md:grid-cols-2">
          <div className="space-y-1 md:col-span-2">
            <div className="flex items-center gap-2">
              <Checkbox
                id="tax-prices-include"
                aria-describedby="tax-prices-include-hint"
                {...form.register('pricesIncludeTax')}
              />
              <label htmlFor="tax-prices-include" className="font-medium text-slate-800 text-sm">
                Prices include tax
              </label>
            </div>
            <p id="tax-prices-include-hint" className="text-slate-600 text-xs">
              On for shops in the EU, UK or Australia: the shopper pays the shelf price. Off for the US: tax is added at
              checkout.
            </p>
            <FieldError id="tax-prices-include-error" message={error('pricesIncludeTax')} />
          </div>
          {pricesIncludeTax ? null : <InclusiveZones zones={zones} error={error} />}
          <LabelledField
            id="tax-name"
            label="Tax name"
            hint="What receipts call it: Tax, VAT, Sales tax"
            error={error('name')}
          >
            {(c) => <Input {...c} list="tax-names" autoComplete="off" {...form.register('name')} />}
          </LabelledField>
          <datalist id="tax-names">
            {TAX_NAMES.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
          <LabelledField
            id="tax-origin"
            label="Your shop's country (optional)"
            hint="A business buyer with a VAT number in another country pays no VAT where a rate allows the reverse charge"
            error={error('originCountry')}
          >
            {(c) => (
              <Controller
                control={form.control}
                name="originCountry"
                render={({ field }) => (
                  <select {...c} className={SELECT} {...field}>
                    <option value="">Not said</option>
                    {COUNTRIES.map(([code, name]) => (
                      <option key={code} value={code}>
                        {name}
                      </option>
                    ))}
                  </select>
                )}
              />
            )}
          </LabelledField>
          <LabelledField id="tax-shipping-class" label="Shipping is taxed as" error={error('shippingClass')}>
            {(c) => (
              <Controller
                control={form.control}
                name="shippingClass"
                render={({ field }) => (
                  <select {...c} className={SELECT} {...field}>
                    {classCodes.includes(field.value) ? null : <option value={field.value}>{field.value}</option>}
                    {classes.map((k, i) =>
                      k.code.trim() === '' ? null : (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a class's code is being typed, its row is its identity
                        <option key={i} value={k.code.trim()}>
                          {k.name.trim() || k.code.trim()}
                        </option>
                      ),
                    )}
                  </select>
                )}
              />
            )}
          </LabelledField>
        </section>

        <ClassTable />
        <RateTable zones={zones} classCodes={classCodes} />

        <div className="space-y-3">
          <FormAlert tone={alert?.tone ?? 'error'} className="mb-0">
            {alert?.message}
          </FormAlert>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save tax'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * The zones whose shoppers see prices with their tax although they are entered without it (a US shop's
 * EU zone shows "incl. VAT"; docs/adr/050-currencies.md).
 */
function InclusiveZones({
  zones,
  error,
}: {
  zones: ShippingSettingsAnswer['zones'];
  error: (name: string) => string | undefined;
}) {
  const { register } = useFormContext<TaxFormValues>();
  return (
    <fieldset className="space-y-2 md:col-span-2" aria-describedby="tax-inclusive-zones-hint">
      <legend className="font-medium text-slate-800 text-sm">Show prices with tax in</legend>
      <p id="tax-inclusive-zones-hint" className="text-slate-600 text-xs">
        Shoppers there see each price with their country's tax in it ("incl. VAT") and pay exactly that.
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {zones.map((zone) => (
          <Controller
            key={zone.id}
            name="inclusiveZones"
            render={({ field }) => {
              const chosen: string[] = field.value;
              return (
                <div className="flex items-center gap-2">
                  <Checkbox
                    id={`tax-inclusive-${zone.id}`}
                    checked={chosen.includes(zone.id)}
                    onChange={(event) =>
                      field.onChange(
                        event.currentTarget.checked
                          ? [...chosen, zone.id]
                          : chosen.filter((id: string) => id !== zone.id),
                      )
                    }
                  />
                  <label htmlFor={`tax-inclusive-${zone.id}`} className="text-slate-800 text-sm">
                    {zone.name}
                  </label>
                </div>
              );
            }}
          />
        ))}
      </div>
      <FieldError id="tax-inclusive-zones-error" message={error('inclusiveZones')} />
      <div className="grid gap-3 sm:grid-cols-2">
        {zones.map((zone) => (
          <LabelledField
            key={zone.id}
            id={`tax-zone-name-${zone.id}`}
            label={`Tax name in ${zone.name}`}
            hint="Left empty: the tax name below"
            error={error(`zoneNames.${zone.id}`)}
          >
            {(c) => <Input {...c} list="tax-names" autoComplete="off" {...register(`zoneNames.${zone.id}` as const)} />}
          </LabelledField>
        ))}
      </div>
    </fieldset>
  );
}
