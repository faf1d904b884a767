import { type ShippingSettings, shippingSettingsAnswer } from '@shop/contracts/shipping-zones';
import { adminApi, useBackOfficeMutation } from '../../admin/index.ts';

/** PUT /api/admin/shipping: the whole list of zones, in order; answers them as saved (new zones with their ids). */
export const useSaveShipping = () =>
  useBackOfficeMutation((next: ShippingSettings) => adminApi.put(shippingSettingsAnswer, 'shipping', next));
