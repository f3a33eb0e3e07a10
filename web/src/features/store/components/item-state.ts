import type { StoreItem } from '@common/contracts/store';
import { LOW_STOCK_AT } from '@common/limits';

/** Spec 1 §2: the button of an item card, checked in the order the spec lists the states. */
export function redeemState(item: StoreItem, points: number, redeeming: boolean) {
  if (redeeming) return { label: 'Redeeming...', can: false };
  if (points < item.cost) return { label: 'Insufficient Points', can: false };
  if (item.quantity <= 0) return { label: 'Out of Stock', can: false };
  if (item.max_purchases_per_user !== null && item.user_purchases >= item.max_purchases_per_user) {
    return { label: `Limit Reached (${item.max_purchases_per_user})`, can: false };
  }
  return { label: 'Redeem', can: true };
}

export const isLowStock = (item: StoreItem) => item.quantity > 0 && item.quantity <= LOW_STOCK_AT;
