import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminSettings, adminSettings } from '@shop/contracts/admin-settings';
import { useForm } from 'react-hook-form';
import { toast } from 'react-hot-toast';
import { z } from 'zod';
import { AdminApiError, firstErrorMessage, TextField } from '../../admin/index.ts';
import { useSaveSettings } from '../api/update-settings.ts';
import { SectionForm } from './section-form.tsx';

const FIELDS = [
  'bank_account_holder',
  'bank_account',
  'bank_code',
  'bank_name',
  'payment_reference',
  'tax_id',
  'legal_name',
] as const satisfies readonly (keyof AdminSettings)[];
type BankField = (typeof FIELDS)[number];
type BankValues = Pick<AdminSettings, BankField>;

const LABELS: Record<BankField, string> = {
  bank_account_holder: 'Account holder',
  bank_account: 'Account number (IBAN)',
  bank_code: 'Bank code (BIC / routing number)',
  bank_name: 'Bank name',
  payment_reference: 'Payment reference',
  tax_id: 'Tax ID',
  legal_name: 'Legal name',
};

const HINTS: Partial<Record<BankField, string>> = {
  bank_account: 'An IBAN (two letters, two digits, …) is checked for typing errors.',
  payment_reference:
    'What the customer quotes on the transfer: {number} becomes the order number, e.g. Order {number}.',
  tax_id: 'Your VAT or tax number, printed on every invoice.',
  legal_name: 'The company’s name invoices print as the seller, when it is not the store’s name.',
};

const bankSettings = (settings: AdminSettings, form: BankValues): AdminSettings => ({ ...settings, ...form });

/**
 * What every pay-later invoice (PDF, confirmation page and mail) prints for the transfer, and
 * the seller's tax id. Each field shows its own error, from the contract in the browser or from the
 * API's answer (`details.issues[].path`).
 */
export function BankSection({ settings }: { settings: AdminSettings }) {
  const form = useForm<BankValues, unknown, AdminSettings>({
    resolver: zodResolver(
      z
        .custom<BankValues>()
        .transform((v) => bankSettings(settings, v))
        .pipe(adminSettings),
    ),
    defaultValues: Object.fromEntries(FIELDS.map((f) => [f, settings[f]])) as BankValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const save = useSaveSettings();
  const { errors } = form.formState;
  const fieldError = (field: BankField): string | undefined =>
    errors[field]?.message ?? serverFieldError(save.error, field);
  // What no field here shows: another section's value the schema refused, or the API's other answers.
  const others = Object.fromEntries(Object.entries(errors).filter(([key]) => !FIELDS.includes(key as BankField)));
  const serverError = FIELDS.some((f) => serverFieldError(save.error, f)) ? null : save.error;

  return (
    <SectionForm
      title="Bank details for invoices"
      error={firstErrorMessage(others) ?? serverError}
      pending={save.isPending}
      onSubmit={form.handleSubmit(() =>
        save.mutate(bankSettings(settings, form.getValues()), {
          onSuccess: () => toast.success('Bank details saved'),
        }),
      )}
    >
      <p className="text-slate-600 text-sm">
        Pay-later invoices, the order confirmation and its e-mail show these with the store's address.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `bank-${field.replaceAll('_', '-')}`;
          const message = fieldError(field);
          const hint = HINTS[field];
          return (
            <div key={field} className="space-y-1">
              <TextField
                id={id}
                label={LABELS[field]}
                hint={hint}
                autoComplete="off"
                aria-invalid={message ? true : undefined}
                aria-describedby={
                  [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].join(' ').trim() || undefined
                }
                {...form.register(field)}
              />
              {message ? (
                <p id={`${id}-error`} className="text-red-700 text-sm">
                  {message}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </SectionForm>
  );
}

/** The API's message about `field` (a 400's `details.issues`, paths like `body.bank_account`). */
function serverFieldError(error: unknown, field: BankField): string | undefined {
  if (!(error instanceof AdminApiError)) return undefined;
  const issues = (error.details as { issues?: { path?: string; message?: string }[] } | undefined)?.issues;
  return issues?.find((i) => i.path === `body.${field}`)?.message;
}
