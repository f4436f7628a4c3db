/** What the amazon APIs share: the kit, product lookups and views, the cart's costs. */
import { AppKit, getEntity, type AppCall } from '../kit/app.ts';
import { int } from '../kit/args.ts';
import { singularized } from '../kit/query.ts';
import { roundMoney } from '../kit/state.ts';
import { emptyAmazon, type AmazonState, type Product } from './state.ts';

export const kit = new AppKit<AmazonState>({
  name: 'amazon',
  title: 'Amazon',
  empty: emptyAmazon,
  // A verified Prime member whose browsing is tracked: why delivery is free and the history fills.
  accountFields: { track_browsing_history: true, verified: true, is_prime: true },
});
export type Call = AppCall<AmazonState>;

export const productId = int('The ID of the product.');
export const quantity = int('Quantity (default 1).', { min: 1 }).optional();

export const product = (call: Call, id: number): Product =>
  getEntity(call.state.products, id, 'Product', 'product_id');

/** AppWorld matches product types singularized and uncased: "Socks" finds "sock" and "socks". */
export const sameProductType = (a: string, b: string) => singularized(a) === singularized(b);

export function productView(call: Call, p: Product) {
  const s = call.state;
  return {
    ...p,
    seller_name: p.seller_id === null ? null : (s.sellers[String(p.seller_id)]?.name ?? null),
    num_product_reviews: Object.values(s.reviews).filter((r) => r.product_id === p.product_id)
      .length,
    num_product_questions: Object.values(s.questions).filter((q) => q.product_id === p.product_id)
      .length,
  };
}

export function cartView(call: Call) {
  const items = Object.values(call.state.cart).map((l) => {
    const p = product(call, l.product_id);
    return {
      product_id: p.product_id,
      product_name: p.name,
      delivery_days: p.delivery_days,
      quantity: l.quantity,
      price: p.price,
      inventory_quantity: p.inventory_quantity,
      gift_wrap_quantity: 0,
    };
  });
  const base = roundMoney(items.reduce((s, i) => s + i.price * i.quantity, 0));
  return {
    delivery_fee: 0,
    base_cost: base,
    tax: 0,
    gift_wrap_fee: 0,
    discount: 0,
    total_cost: base,
    promo_code: null,
    promo_valid: false,
    cart_items: items,
  };
}
