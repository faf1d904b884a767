import { MAX_OPTIONS } from '@shop/contracts/variants';
import { Plus, Trash2, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-message.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LabelledField } from '../../../components/ui/labelled-field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { moneyInput, Panel, useBaseCurrency } from '../../admin/index.ts';
import { type GridRow, generateRows, type OptionDraft } from '../variant-grid.ts';
import { ListEditor } from './list-editor.tsx';

const PRODUCT_IMAGE = 'product';

/** How a row is named to a screen reader: its values, or "the variant" for a product without options. */
const rowName = (row: GridRow) => (row.options.length > 0 ? row.options.join(' / ') : 'the variant');

/**
 * The editor's Options and Variants sections: up to three options with their values, a
 * "Generate variants" action that makes one row per combination (rows already there keep their SKU,
 * stock and prices), and the grid — one row per variant, every input labelled by its variant.
 */
export function VariantsEditor({
  options,
  rows,
  images,
  onOptionsChange,
  onRowsChange,
  optionsError,
  variantsError,
}: {
  options: OptionDraft[];
  rows: GridRow[];
  /** The product's pictures, which a variant may show. */
  images: string[];
  onOptionsChange: (next: OptionDraft[]) => void;
  onRowsChange: (next: GridRow[]) => void;
  optionsError?: string;
  variantsError?: string;
}) {
  // The options the grid was last made from: a row's values are read against these when regenerating.
  const [gridOptions, setGridOptions] = useState(options);
  const money = moneyInput(useBaseCurrency());
  const stale = JSON.stringify(gridOptions) !== JSON.stringify(options);

  const setOption = (i: number, next: Partial<OptionDraft>) =>
    onOptionsChange(options.map((o, j) => (j === i ? { ...o, ...next } : o)));

  function generate() {
    onRowsChange(generateRows(options, rows, gridOptions));
    setGridOptions(options);
  }

  const setRow = (i: number, next: Partial<GridRow>) =>
    onRowsChange(rows.map((r, j) => (j === i ? { ...r, ...next } : r)));

  return (
    <>
      <Panel title="Options">
        <div className="space-y-4">
          <p className="text-slate-600 text-sm">
            Options are what a shopper chooses, such as Colour, Size or Storage (at most {MAX_OPTIONS}). Each
            combination is a variant with its own SKU, price and stock.
          </p>
          {options.map((option, i) => (
            // Options have no id of their own; their place is their identity while editing.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <fieldset key={i} className="space-y-3 rounded-md border border-slate-200 p-3">
              <legend className="px-1 font-medium text-slate-800 text-sm">Option {i + 1}</legend>
              <div className="flex items-end gap-2">
                <LabelledField id={`option-${i}-name`} label={`Name of option ${i + 1}`} className="flex-1">
                  {(control) => (
                    <Input {...control} value={option.name} onChange={(e) => setOption(i, { name: e.target.value })} />
                  )}
                </LabelledField>
                <Button
                  type="button"
                  variant="outline"
                  aria-label={`Remove option ${option.name || i + 1}`}
                  onClick={() => onOptionsChange(options.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
              <ListEditor
                id={`option-${i}-values`}
                label={`Values of ${option.name || `option ${i + 1}`}`}
                itemLabel="value"
                values={option.values}
                onChange={(values) => setOption(i, { values })}
              />
            </fieldset>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={options.length >= MAX_OPTIONS}
              onClick={() => onOptionsChange([...options, { name: '', values: [] }])}
            >
              <Plus className="size-4" aria-hidden="true" /> Add option
            </Button>
            <Button type="button" onClick={generate}>
              <Wand2 className="size-4" aria-hidden="true" /> Generate variants
            </Button>
          </div>
          {stale ? (
            <p role="status" className="text-amber-800 text-sm">
              The options changed: generate the variants to update the grid.
            </p>
          ) : null}
          <FieldError id="product-options-error" message={optionsError} />
        </div>
      </Panel>

      <Panel title="Variants">
        <div className="space-y-2">
          <p className="text-slate-600 text-sm">
            A blank price or compare-at price means the product’s. Leave the SKU blank to make one from the slug.
          </p>
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[64rem] text-sm">
              <caption className="sr-only">Variants</caption>
              <thead>
                <tr className="border-slate-200 border-b text-left text-slate-700">
                  <th scope="col" className="py-2 pr-2 font-medium">
                    Variant
                  </th>
                  <th scope="col" className="px-1 py-2 font-medium">
                    SKU
                  </th>
                  <th scope="col" className="px-1 py-2 font-medium">
                    Price ($)
                  </th>
                  <th scope="col" className="px-1 py-2 font-medium">
                    Compare-at ($)
                  </th>
                  <th scope="col" className="px-1 py-2 font-medium">
                    Stock
                  </th>
                  <th scope="col" className="px-1 py-2 font-medium">
                    Picture
                  </th>
                  <th scope="col" className="px-1 py-2 font-medium">
                    Barcode
                  </th>
                  <th scope="col" className="px-1 py-2 font-medium">
                    Weight (g)
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => {
                  const name = rowName(row);
                  return (
                    <tr key={row.id ?? `new-${row.options.join('|')}`} className="border-slate-100 border-b">
                      <th scope="row" className="py-1 pr-2 text-left font-medium">
                        {row.options.length > 0 ? row.options.join(' / ') : 'Default'}
                      </th>
                      <td className="px-1 py-1">
                        <Input
                          aria-label={`SKU of ${name}`}
                          value={row.sku}
                          onChange={(e) => setRow(i, { sku: e.target.value })}
                        />
                      </td>
                      <td className="px-1 py-1">
                        <Input
                          aria-label={`Price of ${name}`}
                          type="number"
                          min={0}
                          {...money}
                          value={row.price}
                          onChange={(e) => setRow(i, { price: e.target.value })}
                        />
                      </td>
                      <td className="px-1 py-1">
                        <Input
                          aria-label={`Compare-at price of ${name}`}
                          type="number"
                          min={0}
                          {...money}
                          value={row.compare_at_price}
                          onChange={(e) => setRow(i, { compare_at_price: e.target.value })}
                        />
                      </td>
                      <td className="px-1 py-1">
                        <Input
                          aria-label={`Stock of ${name}`}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          step="1"
                          value={row.available}
                          onChange={(e) => setRow(i, { available: e.target.value })}
                        />
                      </td>
                      <td className="px-1 py-1">
                        <Select
                          aria-label={`Picture of ${name}`}
                          value={row.image || PRODUCT_IMAGE}
                          onValueChange={(v) => setRow(i, { image: v === PRODUCT_IMAGE ? '' : v })}
                          options={[
                            { value: PRODUCT_IMAGE, label: 'The product’s' },
                            ...images.map((src, k) => ({ value: src, label: `Picture ${k + 1}` })),
                          ]}
                        />
                      </td>
                      <td className="px-1 py-1">
                        <Input
                          aria-label={`Barcode of ${name}`}
                          value={row.barcode}
                          onChange={(e) => setRow(i, { barcode: e.target.value })}
                        />
                      </td>
                      <td className="px-1 py-1">
                        <Input
                          aria-label={`Weight in grams of ${name}`}
                          type="number"
                          inputMode="numeric"
                          min={0}
                          step="1"
                          value={row.weight_grams}
                          onChange={(e) => setRow(i, { weight_grams: e.target.value })}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <FieldError id="product-variants-error" message={variantsError} />
        </div>
      </Panel>
    </>
  );
}
