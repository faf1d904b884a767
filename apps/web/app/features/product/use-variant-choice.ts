import { useCallback, useMemo, useState } from 'react';
import {
  type ChoiceSummary,
  type Chosen,
  initialChoice,
  summarize,
  type VariantModel,
  withValue,
} from './variant-choice.ts';

export interface VariantChoice {
  chosen: Chosen;
  choose: (index: number, value: string) => void;
  summary: ChoiceSummary;
}

/**
 * The product page's choice of a variant: the pickers change it; price, stock, picture and
 * the buttons read it. The first choice is the same on the server and in the browser (no jump at
 * hydration). Key the component that calls it by product, so another product starts afresh.
 */
export function useVariantChoice(model: VariantModel): VariantChoice {
  const [chosen, setChosen] = useState<Chosen>(() => initialChoice(model));
  const choose = useCallback(
    (index: number, value: string) => setChosen((now) => withValue(model, now, index, value)),
    [model],
  );
  const summary = useMemo(() => summarize(model, chosen), [model, chosen]);
  return { chosen, choose, summary };
}
