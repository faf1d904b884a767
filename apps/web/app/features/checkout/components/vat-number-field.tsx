import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';

/**
 * A business buyer's VAT number, optional (docs/adr/049-tax-by-destination.md). `error`: the form's
 * own complaint, or the API's when the number is not valid for the country the order goes to.
 */
export function VatNumberField({
  idPrefix,
  field,
  error,
}: {
  idPrefix: string;
  field: UseFormRegisterReturn<'vat_number'>;
  error?: string;
}) {
  return (
    <LabelledField
      id={`${idPrefix}-vat-number`}
      className="mt-4"
      label="VAT number (businesses)"
      hint="For a business in another country: VAT is then reverse-charged where the law allows"
      error={error}
    >
      {(control) => <Input {...control} autoComplete="off" spellCheck={false} {...field} />}
    </LabelledField>
  );
}
