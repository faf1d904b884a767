import type { CurrencyUnit } from '@shop/contracts/currency';
import { type ShippingSettings, type ShippingSettingsAnswer, shippingSettings } from '@shop/contracts/shipping-zones';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, type Resolver, set, useFieldArray, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FormAlert } from '../../../components/ui/form-message.tsx';
import { issuesOf, QueryState, useBaseCurrency, type WireIssue } from '../../admin/index.ts';
import { useShipping } from '../api/get-shipping.ts';
import { useSaveShipping } from '../api/update-shipping.ts';
import {
  amountDigitIssues,
  formValuesOf,
  newZone,
  placeIssuesOn,
  type ShippingFormValues,
  settingsOf,
} from '../zone-form.ts';
import { ZoneFields } from './zone-fields.tsx';

/** Admin › Settings › Shipping: every zone with its methods and rates, saved together. */
export function ShippingZonesEditor() {
  const query = useShipping();
  return <QueryState query={query}>{(saved) => <ZonesForm saved={saved} />}</QueryState>;
}

/**
 * The browser checks the save with the contract the API uses, and its amounts with the base currency's
 * digits; each complaint goes on the field it names (zone rules such as a country in two zones
 * included); the form is sent only once it passes.
 */
const resolverFor =
  (base: CurrencyUnit): Resolver<ShippingFormValues, unknown, ShippingSettings> =>
  (values) => {
    const checked = shippingSettings.safeParse(settingsOf(values));
    const issues: readonly WireIssue[] = checked.success ? amountDigitIssues(checked.data, base) : checked.error.issues;
    if (checked.success && issues.length === 0) return { values: checked.data, errors: {} };
    return { values: {}, errors: errorsOf(issues, values) };
  };

function errorsOf(issues: readonly WireIssue[], values: ShippingFormValues) {
  const { fields, unplaced } = placeIssuesOn(issues, values);
  const errors = {};
  for (const [name, message] of fields) set(errors, name, { type: 'contract', message });
  // What no field shows goes with the list of zones as a whole.
  if (unplaced[0] && !fields.has('zones.root')) set(errors, 'zones.root', { type: 'contract', message: unplaced[0] });
  return errors;
}

function ZonesForm({ saved }: { saved: ShippingSettingsAnswer }) {
  const base = useBaseCurrency();
  const form = useForm<ShippingFormValues, unknown, ShippingSettings>({
    resolver: resolverFor(base),
    defaultValues: formValuesOf(saved, base.digits),
    reValidateMode: 'onSubmit',
  });
  const zones = useFieldArray({ control: form.control, name: 'zones', keyName: 'key' });
  const save = useSaveShipping();
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; message: string } | null>(null);
  const { errors } = form.formState;

  async function onValid(next: ShippingSettings) {
    setOutcome(null);
    try {
      const answer = await save.mutateAsync(next);
      form.reset(formValuesOf(answer, base.digits));
      setOutcome({ tone: 'success', message: 'Shipping saved' });
    } catch (error) {
      const values = form.getValues();
      const { fields, unplaced } = placeIssuesOn(issuesOf(error), values);
      for (const [name, message] of fields) {
        form.setError(name as `zones.${number}.name`, { type: 'server', message }, { shouldFocus: true });
      }
      const message = error instanceof Error ? error.message : 'Shipping could not be saved';
      setOutcome({
        tone: 'error',
        message:
          unplaced[0] ?? (fields.size > 0 ? 'Shipping was not saved: correct the fields marked above.' : message),
      });
    }
  }

  const listProblem = errors.zones?.root?.message;
  const alert =
    outcome ??
    (Object.keys(errors).length > 0
      ? { tone: 'error' as const, message: listProblem ?? 'Shipping was not saved: correct the fields marked above.' }
      : null);

  return (
    <FormProvider {...form}>
      <form
        aria-label="Shipping zones"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          setOutcome(null);
          return form.handleSubmit(onValid)(event);
        }}
      >
        <p className="text-slate-600 text-sm">
          Checkout finds the zone of the shipping address: the zone that names its region or postcode, else the one
          listing its country, else the “everywhere else” zone. When two zones fit equally, the one higher on this page
          wins. An address no zone covers cannot be shipped to.
        </p>
        {zones.fields.length === 0 ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900 text-sm">
            No zones: checkout cannot ship anywhere until a zone is added.
          </p>
        ) : null}
        <ol className="space-y-4" aria-label="Zones, in the order checkout tries them">
          {zones.fields.map((field, index) => (
            <li key={field.key}>
              <ZoneFields
                index={index}
                count={zones.fields.length}
                onMove={(step) => zones.swap(index, index + step)}
                onRemove={() => zones.remove(index)}
              />
            </li>
          ))}
        </ol>
        <div className="space-y-3">
          <FormAlert tone={alert?.tone ?? 'error'} className="mb-0">
            {alert?.message}
          </FormAlert>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => zones.append(newZone())}>
              <Plus aria-hidden className="size-4" /> Add zone
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save shipping'}
            </Button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}
