import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { FilterModel, type FilterValues } from './filter-model.ts';
import { type CategoryChoice, type ListingParams, searchFromValues, valuesOf } from './listing-url.ts';

/**
 * Binds the filter model (filter-model.ts) to the router: it navigates in place to `path` with the
 * form's values, and settles on the URL's filters whenever no navigation is in flight. One model per
 * mounted form: the form is not re-created by a navigation, so nothing typed is lost to one.
 */
export function useFilterModel(
  path: string,
  params: ListingParams,
  omit: readonly string[],
  categories: readonly CategoryChoice[],
) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  // The latest path and omissions, read when a pause ends (not those of the render it started in).
  const where = useRef({ path, omit, categories });
  where.current = { path, omit, categories };
  const [model] = useState(
    () =>
      new FilterModel({
        values: valuesOf(params, categories),
        apply: (values, { replace }) => {
          const { path: to, omit: left, categories: choices } = where.current;
          void navigate(`${to}${searchFromValues(values, left, choices)}`, { preventScrollReset: true, replace });
        },
      }),
  );

  const idle = navigation.state === 'idle';
  // The URL's values as one string, so the effect runs when they change, not on every render.
  const settled = JSON.stringify(valuesOf(params, categories));
  useEffect(() => {
    if (idle) model.settle(JSON.parse(settled) as FilterValues);
  }, [model, idle, settled]);
  useEffect(() => () => model.dispose(), [model]);

  const values = useSyncExternalStore(model.subscribe, model.snapshot, model.snapshot);
  return { model, values };
}
