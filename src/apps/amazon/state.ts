/** amazon state: a product catalog with sellers, and the owner's cart, wish list, addresses, cards and orders. */
import { z } from 'zod';
import {
  assignIds,
  baseFromSeed,
  baseSeedShape,
  checkUniqueIds,
  DateTimeSeed,
  emptyBase,
  fullName,
  roundMoney,
  SeedId,
  type BaseState,
  type EntityMap,
} from '../kit/state.ts';

export const SIZES = ['extra-small', 'small', 'medium', 'large', 'extra-large'] as const;

export interface Product {
  product_id: number;
  name: string;
  product_type: string;
  description: string;
  price: number;
  rating: number;
  seller_id: number | null;
  color: string | null;
  relative_size: string | null;
  delivery_days: number;
  inventory_quantity: number;
}

export interface Seller {
  seller_id: number;
  name: string;
  rating: number;
}

/** Keyed by product id in `cart` and `wish_list`. */
export interface LineItem {
  product_id: number;
  quantity: number;
}

export interface ShippingAddress {
  address_id: number;
  name: string;
  street_address: string;
  city: string;
  state: string;
  country: string;
  zip_code: number;
}

/** An address as AppWorld keeps it, from the seed or from add_address. */
export function shippingAddress(
  id: number,
  a: Omit<ShippingAddress, 'address_id'>,
): ShippingAddress {
  return {
    address_id: id,
    name: a.name,
    street_address: a.street_address,
    city: a.city,
    state: a.state,
    country: a.country,
    zip_code: a.zip_code,
  };
}

export interface PaymentCard {
  payment_card_id: number;
  card_name: string;
  owner_name: string;
  card_number: string;
  expiry_year: number;
  expiry_month: number;
}

export interface OrderItem {
  product_id: number;
  product_name: string;
  quantity: number;
  price: number;
}

export interface Order {
  order_id: number;
  address_id: number | null;
  payment_card_id: number | null;
  items: OrderItem[];
  paid_amount: number;
  created_at: string;
}

export interface Review {
  review_id: number;
  product_id: number;
  user_email: string;
  rating: number;
  title: string;
  text: string;
  /** Whether the reviewer bought the product (AppWorld's "verified purchaser"). */
  is_verified: boolean;
  created_at: string;
}

export interface Question {
  question_id: number;
  product_id: number;
  user_email: string;
  question: string;
  created_at: string;
}

/** An answer to a product question, by a shopper or the seller. */
export interface Answer {
  question_answer_id: number;
  question_id: number;
  user_email: string;
  answer: string;
  /** Whether the person who answered bought the product (AppWorld's "verified purchaser"). */
  is_verified: boolean;
  created_at: string;
}

/** Keyed by product id: a product appears at most once, as in AppWorld. */
export interface BrowsedProduct {
  product_id: number;
  browsed_at: string;
}

export interface AmazonState extends BaseState {
  sellers: EntityMap<Seller>;
  products: EntityMap<Product>;
  cart: EntityMap<LineItem>;
  wish_list: EntityMap<LineItem>;
  addresses: EntityMap<ShippingAddress>;
  payment_cards: EntityMap<PaymentCard>;
  orders: EntityMap<Order>;
  reviews: EntityMap<Review>;
  questions: EntityMap<Question>;
  answers: EntityMap<Answer>;
  browsing_history: EntityMap<BrowsedProduct>;
}

export const AMAZON_COLLECTIONS = [
  'sellers',
  'products',
  'cart',
  'wish_list',
  'addresses',
  'payment_cards',
  'orders',
  'reviews',
  'questions',
  'answers',
  'browsing_history',
] as const;

export function emptyAmazon(): AmazonState {
  return {
    ...emptyBase(),
    sellers: {},
    products: {},
    cart: {},
    wish_list: {},
    addresses: {},
    payment_cards: {},
    orders: {},
    reviews: {},
    questions: {},
    answers: {},
    browsing_history: {},
  };
}

const ProductSeed = z.strictObject({
  id: SeedId,
  name: z.string().min(1),
  product_type: z.string().default('general'),
  description: z.string().default(''),
  price: z.number().min(0),
  rating: z.number().min(0).max(5).default(0),
  seller_id: z.number().int().positive().optional(),
  color: z.string().optional(),
  relative_size: z.enum(SIZES).optional(),
  delivery_days: z.number().int().min(0).default(3),
  inventory_quantity: z.number().int().min(0).default(10),
});

const LineSeed = z.strictObject({
  product_id: z.number().int().positive(),
  quantity: z.number().int().positive().default(1),
});

const AddressSeed = z.strictObject({
  id: SeedId,
  name: z.string().min(1).meta({ description: 'e.g. Home or Work' }),
  street_address: z.string().min(1),
  city: z.string().min(1),
  state: z.string().min(1),
  country: z.string().min(1),
  zip_code: z.number().int(),
});

const CardSeed = z.strictObject({
  id: SeedId,
  card_name: z.string().min(1),
  owner_name: z.string().min(1).optional(),
  card_number: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^\d{16}$/, 'expected 16 digits')),
  expiry_year: z.number().int(),
  expiry_month: z.number().int().min(1).max(12),
});

const OrderSeed = z.strictObject({
  id: SeedId,
  items: z.array(LineSeed).min(1),
  address_id: z.number().int().positive().optional(),
  payment_card_id: z.number().int().positive().optional(),
  created_at: DateTimeSeed.optional(),
});

const ReviewSeed = z.strictObject({
  id: SeedId,
  product_id: z.number().int().positive(),
  user_email: z.email().optional().meta({ description: 'default: a shopper, not the account' }),
  rating: z.number().int().min(1).max(5),
  title: z.string().default(''),
  text: z.string().default(''),
  is_verified: z.boolean().default(false).meta({ description: 'the reviewer bought the product' }),
});

const AnswerSeed = z.strictObject({
  answer: z.string().min(1),
  user_email: z.email().optional().meta({ description: 'default: a shopper, not the account' }),
  is_verified: z
    .boolean()
    .default(false)
    .meta({ description: 'the person who answered bought the product' }),
});

const QuestionSeed = z.strictObject({
  id: SeedId,
  product_id: z.number().int().positive(),
  question: z.string().min(1),
  user_email: z.email().optional().meta({ description: 'default: a shopper, not the account' }),
  answers: z.array(AnswerSeed).default([]),
});

export const AmazonSeed = z
  .strictObject({
    ...baseSeedShape,
    sellers: z
      .array(
        z.strictObject({
          id: SeedId,
          name: z.string().min(1),
          rating: z.number().min(0).max(5).default(0),
        }),
      )
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'seller'))
      .optional(),
    products: z
      .array(ProductSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'product'))
      .optional(),
    cart: z.array(LineSeed).optional(),
    wish_list: z.array(LineSeed).optional(),
    addresses: z
      .array(AddressSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'address'))
      .optional(),
    payment_cards: z
      .array(CardSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'payment card'))
      .optional(),
    orders: z
      .array(OrderSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'order'))
      .optional(),
    reviews: z
      .array(ReviewSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'review'))
      .optional(),
    questions: z
      .array(QuestionSeed)
      .superRefine((l, ctx) => checkUniqueIds(l, ctx, 'question'))
      .optional(),
  })
  .superRefine((seed, ctx) => {
    // Product ids as they will be assigned, so references can be checked here.
    const products = new Set(assignIds(seed.products ?? [], () => 0).ids);
    const sellers = new Set(assignIds(seed.sellers ?? [], () => 0).ids);
    (seed.products ?? []).forEach((p, i) => {
      if (p.seller_id !== undefined && !sellers.has(p.seller_id))
        ctx.addIssue({
          code: 'custom',
          path: ['products', i, 'seller_id'],
          message: `no seller with id ${p.seller_id}`,
        });
    });
    const refs: [string, { product_id: number }[]][] = [
      ['cart', seed.cart ?? []],
      ['wish_list', seed.wish_list ?? []],
      ['reviews', seed.reviews ?? []],
      ['questions', seed.questions ?? []],
    ];
    for (const [key, list] of refs)
      list.forEach((l, i) => {
        if (!products.has(l.product_id))
          ctx.addIssue({
            code: 'custom',
            path: [key, i, 'product_id'],
            message: `no product with id ${l.product_id}`,
          });
      });
    (seed.orders ?? []).forEach((o, i) =>
      o.items.forEach((l, j) => {
        if (!products.has(l.product_id))
          ctx.addIssue({
            code: 'custom',
            path: ['orders', i, 'items', j, 'product_id'],
            message: `no product with id ${l.product_id}`,
          });
      }),
    );
  });

export function buildAmazon(seed: z.output<typeof AmazonSeed>): AmazonState {
  const base = baseFromSeed(seed);
  const sellers = assignIds(seed.sellers ?? [], (s, id): Seller => ({
    seller_id: id,
    name: s.name,
    rating: s.rating,
  }));
  const products = assignIds(seed.products ?? [], (p, id): Product => ({
    product_id: id,
    name: p.name,
    product_type: p.product_type,
    description: p.description,
    price: p.price,
    rating: p.rating,
    seller_id: p.seller_id ?? null,
    color: p.color ?? null,
    relative_size: p.relative_size ?? null,
    delivery_days: p.delivery_days,
    inventory_quantity: p.inventory_quantity,
  }));
  const lines = (list: z.output<typeof LineSeed>[]) =>
    Object.fromEntries(
      list.map((l) => [String(l.product_id), { product_id: l.product_id, quantity: l.quantity }]),
    );
  const addresses = assignIds(seed.addresses ?? [], (a, id) => shippingAddress(id, a));
  const ownerName = base.account ? fullName(base.account) : '';
  const cards = assignIds(seed.payment_cards ?? [], (c, id): PaymentCard => ({
    payment_card_id: id,
    card_name: c.card_name,
    owner_name: c.owner_name ?? ownerName,
    card_number: c.card_number,
    expiry_year: c.expiry_year,
    expiry_month: c.expiry_month,
  }));
  const orders = assignIds(seed.orders ?? [], (o, id): Order => {
    const items = o.items.map((l) => {
      const p = products.map[String(l.product_id)];
      return {
        product_id: l.product_id,
        product_name: p?.name ?? '',
        quantity: l.quantity,
        price: p?.price ?? 0,
      };
    });
    return {
      order_id: id,
      address_id: o.address_id ?? null,
      payment_card_id: o.payment_card_id ?? null,
      items,
      paid_amount: roundMoney(items.reduce((s, i) => s + i.price * i.quantity, 0)),
      created_at: o.created_at ?? base.now,
    };
  });
  const reviews = assignIds(seed.reviews ?? [], (r, id): Review => ({
    review_id: id,
    product_id: r.product_id,
    user_email: r.user_email ?? `shopper${id}@example.com`,
    rating: r.rating,
    title: r.title,
    text: r.text,
    is_verified: r.is_verified,
    created_at: base.now,
  }));
  const questions = assignIds(seed.questions ?? [], (q, id): Question => ({
    question_id: id,
    product_id: q.product_id,
    user_email: q.user_email ?? `shopper${id}@example.com`,
    question: q.question,
    created_at: base.now,
  }));
  const answers = assignIds(
    (seed.questions ?? []).flatMap((q, i) =>
      q.answers.map((a) => ({ ...a, id: undefined, question_id: questions.ids[i] ?? 0 })),
    ),
    (a, id): Answer => ({
      question_answer_id: id,
      question_id: a.question_id,
      user_email: a.user_email ?? `answerer${id}@example.com`,
      answer: a.answer,
      is_verified: a.is_verified,
      created_at: base.now,
    }),
  );
  return {
    ...base,
    next_id: {
      seller: sellers.next,
      product: products.next,
      address: addresses.next,
      payment_card: cards.next,
      order: orders.next,
      review: reviews.next,
      question: questions.next,
      answer: answers.next,
    },
    sellers: sellers.map,
    products: products.map,
    cart: lines(seed.cart ?? []),
    wish_list: lines(seed.wish_list ?? []),
    addresses: addresses.map,
    payment_cards: cards.map,
    orders: orders.map,
    reviews: reviews.map,
    questions: questions.map,
    answers: answers.map,
    browsing_history: {},
  };
}
