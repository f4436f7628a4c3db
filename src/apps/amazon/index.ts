/** amazon: AppWorld's shopping app (search, cart, wish list, orders, reviews, questions). */
import { fail, getEntity, personRef } from '../kit/app.ts';
import { bool, email, int, name, num, oneOf, paging, query, review, text } from '../kit/args.ts';
import { defineApp } from '../kit/define.ts';
import { paginate, searchBy, sortBy } from '../kit/query.ts';
import {
  cartView,
  kit,
  product,
  productId,
  productView,
  quantity,
  sameProductType,
  type Call,
} from './common.ts';
import { orderApis } from './orders.ts';
import {
  AMAZON_COLLECTIONS,
  AmazonSeed,
  buildAmazon,
  SIZES,
  type AmazonState,
  type LineItem,
  type Question,
} from './state.ts';

/** As AppWorld: the quantity asked for (not the new total) must be in stock. */
function addLine(call: Call, list: Record<string, LineItem>, id: number, qty: number): void {
  const p = product(call, id);
  if (qty > p.inventory_quantity)
    fail(422, `The inventory doesn't have ${qty} item/s available at this time.`);
  list[String(id)] = { product_id: id, quantity: (list[String(id)]?.quantity ?? 0) + qty };
}

/** move_product_from_cart_to_wish_list and back: AppWorld's checks and messages. */
function moveLine(call: Call, id: number, qty: number, from: 'cart' | 'wish_list'): string {
  product(call, id);
  const [src, dst] =
    from === 'cart'
      ? [call.state.cart, call.state.wish_list]
      : [call.state.wish_list, call.state.cart];
  const names = from === 'cart' ? ['cart', 'wish list'] : ['wish list', 'cart'];
  const line = src[String(id)];
  if (!line) fail(422, `The product is not available in the ${names[0]}.`);
  if (qty > line.quantity)
    fail(
      422,
      `The ${names[0]} only has ${line.quantity} of this product, so can't move ${qty} to wish list.`,
    );
  if (line.quantity === qty) delete src[String(id)];
  else line.quantity -= qty;
  dst[String(id)] = { product_id: id, quantity: (dst[String(id)]?.quantity ?? 0) + qty };
  return `${qty} product/s moved from the ${names[0]} to the ${names[1]}.`;
}

/** AppWorld's "verified purchaser": the owner has an order with the product. */
const hasBought = (call: Call, id: number) =>
  Object.values(call.state.orders).some((o) => o.items.some((i) => i.product_id === id));

const reviewView = (call: Call, r: AmazonState['reviews'][string]) => ({
  review_id: r.review_id,
  product_id: r.product_id,
  is_verified: r.is_verified,
  user: personRef(call.state, r.user_email),
  rating: r.rating,
  title: r.title,
  text: r.text,
  created_at: r.created_at,
});

const questionView = (call: Call, q: Question) => ({
  question_id: q.question_id,
  product_id: q.product_id,
  user: personRef(call.state, q.user_email),
  question: q.question,
  num_answers: Object.values(call.state.answers).filter((x) => x.question_id === q.question_id)
    .length,
  created_at: q.created_at,
});

const tools = [
  ...kit.accountApis(),
  kit.api(
    'search_products',
    'Search products by query and filters. No login needed.',
    {
      query,
      product_type: text('Only this product type.').optional(),
      color: text('Only this color.').optional(),
      relative_size: oneOf(SIZES, 'Only this relative size.').optional(),
      min_price: num('Minimum price.').optional(),
      max_price: num('Maximum price.').optional(),
      min_product_rating: num('Minimum product rating (0-5).').optional(),
      max_product_rating: num('Maximum product rating (0-5).').optional(),
      seller_id: int('Only products of this seller.').optional(),
      ...paging,
      sort_by: text('+/- rating, price or delivery_days.').optional(),
    },
    (a, call) => {
      let list = Object.values(call.state.products)
        .filter(
          (p) => a.product_type === undefined || sameProductType(p.product_type, a.product_type),
        )
        .filter(
          (p) => a.color === undefined || (p.color ?? '').toLowerCase() === a.color.toLowerCase(),
        )
        .filter((p) => a.relative_size === undefined || p.relative_size === a.relative_size)
        .filter(
          (p) =>
            (a.min_price === undefined || p.price >= a.min_price) &&
            (a.max_price === undefined || p.price <= a.max_price),
        )
        .filter(
          (p) =>
            (a.min_product_rating === undefined || p.rating >= a.min_product_rating) &&
            (a.max_product_rating === undefined || p.rating <= a.max_product_rating),
        )
        .filter((p) => a.seller_id === undefined || p.seller_id === a.seller_id);
      if (a.query?.trim())
        list = searchBy(
          list,
          a.query,
          (p) => `${p.name} ${p.product_type} ${p.description} ${p.color ?? ''}`,
        );
      if (a.sort_by?.trim()) list = sortBy(list, a.sort_by, '+product_id', 'product_id');
      return paginate(list, a).map((p) => productView(call, p));
    },
    { auth: 'none' },
  ),
  kit.api(
    'show_product',
    'Show a product. No login needed.',
    { product_id: productId },
    (a, call) => productView(call, product(call, a.product_id)),
    { auth: 'none' },
  ),
  kit.api(
    'search_product_types',
    'Search the product types in the catalog (names only). No login needed.',
    { query, ...paging },
    (a, call) => {
      const types = [
        ...new Set(Object.values(call.state.products).map((p) => p.product_type)),
      ].sort();
      return paginate(
        searchBy(types, a.query, (t) => t),
        a,
      );
    },
    { auth: 'none' },
  ),
  kit.api(
    'search_sellers',
    'Search for sellers with a query. No login needed.',
    { query, ...paging },
    (a, call) =>
      paginate(
        searchBy(Object.values(call.state.sellers), a.query, (s) => s.name),
        a,
      ).map((s) => ({ seller_id: s.seller_id, name: s.name })),
    { auth: 'none' },
  ),
  kit.api(
    'show_product_feature_choices',
    'Show the colors, relative sizes and sellers found among the products of a product type (all products when none is given). No login needed.',
    { product_type: text('The product type to obtain feature choices for.').optional() },
    (a, call) => {
      const products = Object.values(call.state.products).filter(
        (p) => a.product_type === undefined || sameProductType(p.product_type, a.product_type),
      );
      const distinct = (values: (string | null)[]) =>
        [...new Set(values.filter((v): v is string => !!v))].sort();
      const sellerIds = [
        ...new Set(products.map((p) => p.seller_id).filter((id): id is number => id !== null)),
      ].sort((x, y) => x - y);
      return {
        colors: distinct(products.map((p) => p.color)),
        relative_sizes: distinct(products.map((p) => p.relative_size)),
        sellers: sellerIds.flatMap((id) => {
          const seller = call.state.sellers[String(id)];
          return seller ? [{ seller_id: seller.seller_id, name: seller.name }] : [];
        }),
      };
    },
    { auth: 'none' },
  ),
  kit.api(
    'add_product_to_browsing_history',
    'Add a product to your browsing history.',
    { product_id: int('ID of the product to add to browsing history.') },
    (a, call) => {
      product(call, a.product_id);
      // Browsing a product again leaves the history as it was, as in AppWorld.
      call.state.browsing_history[String(a.product_id)] ??= {
        product_id: a.product_id,
        browsed_at: call.now,
      };
      return { message: 'Added the product to your browsing history.' };
    },
  ),
  kit.api(
    'show_seller',
    'Show a seller. No login needed.',
    { seller_id: int('The ID of the seller.') },
    (a, call) => ({ ...getEntity(call.state.sellers, a.seller_id, 'Seller', 'seller_id') }),
    { auth: 'none' },
  ),
  kit.api(
    'show_recommended_products',
    'Show products recommended for you (best rated first, leaving out what is already in your cart).',
    { ...paging },
    (a, call) => {
      const list = Object.values(call.state.products)
        .filter((p) => !(String(p.product_id) in call.state.cart))
        .sort((x, y) => y.rating - x.rating || x.product_id - y.product_id);
      return paginate(list, a).map((p) => productView(call, p));
    },
  ),
  kit.api('show_cart', 'Show your cart with its costs.', {}, (_a, call) => cartView(call)),
  kit.api(
    'add_product_to_cart',
    'Add a product to your cart (adds to the quantity already there).',
    { product_id: productId, quantity, clear_cart_first: bool('Empty the cart first.').optional() },
    (a, call) => {
      if (a.clear_cart_first) call.state.cart = {};
      addLine(call, call.state.cart, a.product_id, a.quantity ?? 1);
      return { message: 'Product/s added to the cart.' };
    },
  ),
  kit.api(
    'update_product_quantity_in_cart',
    'Set the quantity of a product in your cart (0 removes it).',
    { product_id: productId, quantity: int('New quantity.', { min: 0 }) },
    (a, call) => {
      product(call, a.product_id);
      if (!(String(a.product_id) in call.state.cart))
        fail(422, 'The product is not present in the cart.');
      if (a.quantity === 0) delete call.state.cart[String(a.product_id)];
      else {
        delete call.state.cart[String(a.product_id)];
        addLine(call, call.state.cart, a.product_id, a.quantity);
      }
      return { message: 'Updated the quantity of the product in the cart.' };
    },
  ),
  kit.api(
    'delete_product_from_cart',
    'Remove a product from your cart.',
    { product_id: productId },
    (a, call) => {
      product(call, a.product_id);
      if (!(String(a.product_id) in call.state.cart))
        fail(422, 'The product is not present in the cart.');
      delete call.state.cart[String(a.product_id)];
      return { message: 'Deleted the product from your cart.' };
    },
  ),
  kit.api('clear_cart', 'Empty your cart.', {}, (_a, call) => {
    call.state.cart = {};
    return { message: 'Cleared the items from your cart.' };
  }),
  kit.api('show_wish_list', 'Show the products in your wish list.', {}, (_a, call) =>
    Object.values(call.state.wish_list).map((l) => {
      const p = product(call, l.product_id);
      return {
        product_id: p.product_id,
        product_name: p.name,
        product_type: p.product_type,
        rating: p.rating,
        relative_size: p.relative_size,
        color: p.color,
        quantity: l.quantity,
        price: p.price,
        inventory_quantity: p.inventory_quantity,
      };
    }),
  ),
  kit.api(
    'add_product_to_wish_list',
    'Add a product to your wish list.',
    {
      product_id: productId,
      quantity,
      clear_wish_list_first: bool('Empty the wish list first.').optional(),
    },
    (a, call) => {
      if (a.clear_wish_list_first) call.state.wish_list = {};
      addLine(call, call.state.wish_list, a.product_id, a.quantity ?? 1);
      return { message: 'Product/s added to the wish list.' };
    },
  ),
  kit.api(
    'delete_product_from_wish_list',
    'Remove a product from your wish list.',
    { product_id: productId },
    (a, call) => {
      product(call, a.product_id);
      if (!(String(a.product_id) in call.state.wish_list))
        fail(422, 'The product is not present in the wish list.');
      delete call.state.wish_list[String(a.product_id)];
      return { message: 'Deleted the product from your wish list.' };
    },
  ),
  kit.api(
    'move_product_from_cart_to_wish_list',
    'Move product from the cart to the wish list.',
    { product_id: productId, quantity },
    (a, call) => ({
      message: moveLine(call, a.product_id, a.quantity ?? 1, 'cart'),
    }),
  ),
  kit.api(
    'move_product_from_wish_list_to_cart',
    'Move product from the wish list to the cart.',
    { product_id: productId, quantity },
    (a, call) => ({
      message: moveLine(call, a.product_id, a.quantity ?? 1, 'wish_list'),
    }),
  ),
  ...orderApis,
  kit.api(
    'show_product_reviews',
    'List the reviews of a product. No login needed.',
    {
      product_id: productId,
      query,
      user_email: email('Only reviews by this user.').optional(),
      min_rating: int('Minimum rating (1-5).').optional(),
      max_rating: int('Maximum rating (1-5).').optional(),
      is_verified: bool(
        'Only reviews from verified purchasers (true) or others (false).',
      ).optional(),
      ...paging,
      sort_by: text('+/- rating or created_at.').optional(),
    },
    (a, call) => {
      product(call, a.product_id);
      let list = Object.values(call.state.reviews)
        .filter((r) => r.product_id === a.product_id)
        .filter((r) => a.user_email === undefined || r.user_email === a.user_email)
        .filter((r) => a.is_verified === undefined || r.is_verified === a.is_verified)
        .filter(
          (r) =>
            (a.min_rating === undefined || r.rating >= a.min_rating) &&
            (a.max_rating === undefined || r.rating <= a.max_rating),
        );
      list = a.query?.trim()
        ? searchBy(list, a.query, (r) => `${r.title} ${r.text}`)
        : sortBy(list, a.sort_by, '-created_at', 'review_id');
      return paginate(list, a).map((r) => reviewView(call, r));
    },
    { auth: 'none' },
  ),
  kit.api(
    'write_product_review',
    'Write a product review (a product may be reviewed more than once, as in AppWorld).',
    { product_id: productId, ...review },
    (a, call) => {
      product(call, a.product_id);
      const id = call.nextId('review');
      call.state.reviews[String(id)] = {
        review_id: id,
        product_id: a.product_id,
        user_email: call.ownerEmail,
        rating: a.rating,
        title: a.title ?? '',
        text: a.text ?? '',
        is_verified: hasBought(call, a.product_id),
        created_at: call.now,
      };
      return { message: 'Added a new product review.', product_review_id: id };
    },
  ),
  kit.api(
    'show_product_questions',
    'List the questions asked about a product. No login needed.',
    {
      product_id: productId,
      query,
      user_email: email('Only questions by this user.').optional(),
      ...paging,
    },
    (a, call) => {
      product(call, a.product_id);
      const list = Object.values(call.state.questions)
        .filter((q) => q.product_id === a.product_id)
        .filter((q) => a.user_email === undefined || q.user_email === a.user_email);
      return paginate(
        searchBy(list, a.query, (q) => q.question),
        a,
      ).map((q) => questionView(call, q));
    },
    { auth: 'none' },
  ),
  kit.api(
    'show_product_question_answers',
    'Search or show the answers to a product question. No login needed.',
    {
      question_id: int('ID of the product question.'),
      query,
      user_email: email('Only answers by this user.').optional(),
      is_verified: bool(
        'Only answers from verified purchasers (true) or others (false).',
      ).optional(),
      ...paging,
      sort_by: text('+/- created_at.').optional(),
    },
    (a, call) => {
      getEntity(call.state.questions, a.question_id, 'Product question', 'question_id');
      let list = Object.values(call.state.answers)
        .filter((x) => x.question_id === a.question_id)
        .filter((x) => a.user_email === undefined || x.user_email === a.user_email)
        .filter((x) => a.is_verified === undefined || x.is_verified === a.is_verified);
      list = a.query?.trim()
        ? searchBy(list, a.query, (x) => x.answer)
        : sortBy(list, a.sort_by, '+question_answer_id', 'question_answer_id');
      return paginate(list, a).map((x) => ({
        question_answer_id: x.question_answer_id,
        question_id: x.question_id,
        is_verified: x.is_verified,
        answer: x.answer,
        created_at: x.created_at,
        user: personRef(call.state, x.user_email),
      }));
    },
    { auth: 'none' },
  ),
  kit.api(
    'write_product_question',
    'Ask a question about a product.',
    { product_id: productId, question: name('The question.') },
    (a, call) => {
      product(call, a.product_id);
      const id = call.nextId('question');
      call.state.questions[String(id)] = {
        question_id: id,
        product_id: a.product_id,
        user_email: call.ownerEmail,
        question: a.question,
        created_at: call.now,
      };
      return { message: 'Posted a new product question.', question_id: id };
    },
  ),
];

export const amazon = defineApp({
  name: 'amazon',
  title: 'Amazon',
  seedSchema: AmazonSeed,
  collections: AMAZON_COLLECTIONS,
  // The APIs that change nothing the user owns (login included): a proposal's observe turns offer only these.
  readOnly: [
    'login',
    'show_account',
    'show_profile',
    'search_products',
    'show_product',
    'search_product_types',
    'search_sellers',
    'show_product_feature_choices',
    'show_seller',
    'show_recommended_products',
    'show_cart',
    'show_wish_list',
    'show_addresses',
    'show_payment_cards',
    'show_payment_card',
    'show_orders',
    'show_order',
    'show_product_purchases',
    'show_last_product_purchase',
    'show_product_reviews',
    'show_product_questions',
    'show_product_question_answers',
  ],
  tools,
  build: buildAmazon,
});
