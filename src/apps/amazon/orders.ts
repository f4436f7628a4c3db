/** amazon's addresses, payment cards and orders, answering in AppWorld's shapes. */
import { fail, getEntity } from '../kit/app.ts';
import { int, name, paging, text } from '../kit/args.ts';
import { paginate, searchBy, sortBy } from '../kit/query.ts';
import { cartView, kit, product, productId, productView, type Call } from './common.ts';
import { shippingAddress, type Order, type ShippingAddress } from './state.ts';

const addressText = (a: ShippingAddress) =>
  `${a.street_address}, ${a.city}, ${a.state}, ${a.country} ${a.zip_code}`;

/** AppWorld delivers `delivery_days` after the order, in the evening (18:00 here). */
function expectedDelivery(orderedAt: string, days: number): string {
  const day = new Date(`${orderedAt.slice(0, 10)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return `${day.toISOString().slice(0, 10)}T18:00:00`;
}

/** An order as AppWorld shows it: its costs, where it went, how it was paid, and one row per product. */
function orderView(call: Call, o: Order) {
  const s = call.state;
  const address = o.address_id === null ? undefined : s.addresses[String(o.address_id)];
  const card = o.payment_card_id === null ? undefined : s.payment_cards[String(o.payment_card_id)];
  const me = call.ownerEmail;
  return {
    order_id: o.order_id,
    address_id: o.address_id,
    payment_card_id: o.payment_card_id,
    tax: 0,
    delivery_fee: 0,
    gift_wrap_fee: 0,
    discount: 0,
    created_at: o.created_at,
    address_text: address ? addressText(address) : null,
    payment_card_digits: card ? card.card_number.slice(-4) : null,
    paid_amount: o.paid_amount,
    order_items: o.items.map((i) => ({
      product_id: i.product_id,
      product_name: i.product_name,
      product_review_id:
        Object.values(s.reviews).find((r) => r.product_id === i.product_id && r.user_email === me)
          ?.review_id ?? null,
      ordered_quantity: i.quantity,
      returned_quantity: 0,
      gift_wrap_quantity: 0,
      price: i.price,
      expected_delivery_at: expectedDelivery(
        o.created_at,
        s.products[String(i.product_id)]?.delivery_days ?? 0,
      ),
      delivered_at: null,
    })),
  };
}

const newestFirst = (call: Call) =>
  sortBy(Object.values(call.state.orders), undefined, '-created_at', 'order_id');

export const orderApis = [
  kit.api('show_addresses', 'List your shipping addresses.', {}, (_a, call) =>
    Object.values(call.state.addresses),
  ),
  kit.api('show_payment_cards', 'List your payment cards.', {}, (_a, call) =>
    Object.values(call.state.payment_cards),
  ),
  kit.api(
    'show_payment_card',
    'Show one of your payment cards.',
    { payment_card_id: int('ID of the payment card to be shown.') },
    (a, call) => ({
      ...getEntity(call.state.payment_cards, a.payment_card_id, 'Payment card', 'payment_card_id'),
    }),
  ),
  kit.api(
    'add_address',
    'Add a new shipping address.',
    {
      name: name("Name of the address, for example 'Home' or 'Work'."),
      street_address: name('Street address line.'),
      city: name('Name of the city.'),
      state: name('Name of the state.'),
      country: name('Name of the country.'),
      zip_code: int('5-digit zip code of the address.', { min: 10000, max: 99999 }),
    },
    (a, call) => {
      const id = call.nextId('address');
      call.state.addresses[String(id)] = shippingAddress(id, a);
      return { message: 'Added address to your account.', address_id: id };
    },
  ),
  kit.api(
    'place_order',
    'Place an order for all the items in your cart, paid with one of your cards and shipped to one of your addresses.',
    {
      payment_card_id: int('ID of the payment card to use for this order.'),
      address_id: int('ID of the address used for shipping this order.'),
    },
    (a, call) => {
      const s = call.state;
      getEntity(s.payment_cards, a.payment_card_id, 'Payment card', 'payment_card_id');
      getEntity(s.addresses, a.address_id, 'Address', 'address_id');
      const cart = cartView(call);
      if (!cart.cart_items.length) fail(422, "The cart is empty, so can't place the order.");
      for (const i of cart.cart_items) {
        const p = product(call, i.product_id);
        if (i.quantity > p.inventory_quantity)
          fail(
            422,
            `Product ${p.name} only has ${p.inventory_quantity} quantity in the inventory. Cannot place the order. Please update the quantity in the cart.`,
          );
      }
      for (const i of cart.cart_items) product(call, i.product_id).inventory_quantity -= i.quantity;
      const id = call.nextId('order');
      s.orders[String(id)] = {
        order_id: id,
        address_id: a.address_id,
        payment_card_id: a.payment_card_id,
        items: cart.cart_items.map((i) => ({
          product_id: i.product_id,
          product_name: i.product_name,
          quantity: i.quantity,
          price: i.price,
        })),
        paid_amount: cart.total_cost,
        created_at: call.now,
      };
      s.cart = {};
      // AppWorld's wording, its spelling included.
      return {
        message: `Successfully placed the order. Debitted total amount of ${cart.total_cost} from your card.`,
        order_id: id,
      };
    },
  ),
  kit.api(
    'show_orders',
    'Show or search your past orders.',
    {
      query: text('Search query string (matches product names).').optional(),
      ...paging,
      sort_by: text('+/- created_at or paid_amount (default -created_at).').optional(),
    },
    (a, call) => {
      const list = a.query?.trim()
        ? searchBy(newestFirst(call), a.query, (o) => o.items.map((i) => i.product_name).join(' '))
        : sortBy(Object.values(call.state.orders), a.sort_by, '-created_at', 'order_id');
      return paginate(list, a).map((o) => orderView(call, o));
    },
  ),
  kit.api(
    'show_order',
    'Get details of a past order.',
    { order_id: int('ID of the order to be shown.') },
    (a, call) => orderView(call, getEntity(call.state.orders, a.order_id, 'Order', 'order_id')),
  ),
  kit.api(
    'show_product_purchases',
    'Show products you have purchased in the past, most recent order first.',
    { ...paging },
    (a, call) => {
      const seen = new Set<string>();
      const bought = newestFirst(call)
        .flatMap((o) => o.items.map((i) => call.state.products[String(i.product_id)]))
        .filter((p) => p !== undefined && !seen.has(p.name) && seen.add(p.name) !== undefined);
      return paginate(bought, a).map((p) => productView(call, p!));
    },
  ),
  kit.api(
    'show_last_product_purchase',
    'Show your last purchase of a product.',
    { product_id: productId },
    (a, call) => {
      const p = product(call, a.product_id);
      const last = newestFirst(call).find((o) =>
        o.items.some((i) => i.product_id === a.product_id),
      );
      if (!last) fail(422, 'You have not purchased this product before.');
      return {
        order_id: last.order_id,
        ordered_at: last.created_at,
        product_id: p.product_id,
        product_name: p.name,
        product_relative_size: p.relative_size,
        product_color: p.color,
      };
    },
  ),
];
