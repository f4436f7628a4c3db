import { describe, expect, it } from 'vitest';
import { validateAppSeeds } from '../../src/apps/index.ts';
import { appHarness, loggedIn } from './harness.ts';

const SEED = {
  amazon: {
    account: {
      email: 'la-mcco@gmail.com',
      password: 'v[=NdO3',
      first_name: 'Lara',
      last_name: 'McCo',
    },
    sellers: [{ name: 'TrailCo', rating: 4.5 }],
    products: [
      {
        name: 'Merino Hiking Socks',
        product_type: 'socks',
        price: 18,
        rating: 4.7,
        seller_id: 1,
        color: 'grey',
      },
      {
        name: 'Cotton Socks 6-pack',
        product_type: 'socks',
        price: 9.5,
        rating: 3.9,
        inventory_quantity: 2,
      },
      {
        id: 3,
        name: 'Wool Trail Socks',
        product_type: 'socks',
        price: 22,
        rating: 4.8,
        seller_id: 1,
      },
      {
        name: 'Insulated Water Bottle',
        product_type: 'bottle',
        price: 25,
        rating: 4.2,
        relative_size: 'medium',
      },
    ],
    addresses: [
      {
        name: 'Home',
        street_address: '1 Main St',
        city: 'Seattle',
        state: 'WA',
        country: 'USA',
        zip_code: 98101,
      },
    ],
    payment_cards: [
      { card_name: 'Visa', card_number: '4111111111111111', expiry_year: 2030, expiry_month: 5 },
    ],
    orders: [{ items: [{ product_id: 4, quantity: 1 }], created_at: '2025-12-01T10:00:00' }],
    reviews: [{ product_id: 3, rating: 5, title: 'Warm', text: 'Great on cold trails' }],
    questions: [
      {
        product_id: 3,
        question: 'Do they shrink in the wash?',
        answers: [
          { answer: 'Not on a cold wash.', user_email: 'kim@corp.com', is_verified: true },
          { answer: 'Mine shrank a little.', is_verified: false },
        ],
      },
    ],
  },
};

const login = () => loggedIn(SEED, 'amazon', 'la-mcco@gmail.com', 'v[=NdO3');

describe('amazon', () => {
  it('logs in with the declared credentials only', async () => {
    const h = appHarness(SEED);
    expect(
      await h.fails('amazon__login', { username: 'la-mcco@gmail.com', password: 'qRFsgRQ' }),
    ).toMatch(/Invalid credentials/);
    expect(await h.login('amazon', 'la-mcco@gmail.com', 'v[=NdO3')).toBe('amazon-access-token-1');
  });

  it('searches products without login, with filters, sorting and paging', async () => {
    const h = appHarness(SEED);
    const socks = await h.ok('mcp_appworld_amazon__search_products', { query: 'hiking socks' });
    expect(socks[0]).toMatchObject({
      product_id: 1,
      name: 'Merino Hiking Socks',
      seller_name: 'TrailCo',
    });
    const cheap = await h.ok('amazon__search_products', {
      product_type: 'socks',
      max_price: 20,
      sort_by: '+price',
    });
    expect(cheap.map((p: { product_id: number }) => p.product_id)).toEqual([2, 1]);
    expect(await h.ok('amazon__search_products', { min_product_rating: 4.75 })).toMatchObject([
      { product_id: 3, num_product_reviews: 1 },
    ]);
    expect(await h.ok('amazon__search_products', { page_limit: 2, page_index: 1 })).toHaveLength(2);
    expect(await h.ok('amazon__show_product', { product_id: 3 })).toMatchObject({
      name: 'Wool Trail Socks',
      price: 22,
    });
    expect(await h.fails('amazon__show_product', { product_id: 99 })).toMatch(/404/);
    // AppWorld's short forms: type names only, sellers without their rating.
    expect(await h.ok('amazon__search_product_types', {})).toEqual(['bottle', 'socks']);
    expect(await h.ok('amazon__search_sellers', { query: 'trail' })).toEqual([
      { seller_id: 1, name: 'TrailCo' },
    ]);
    expect(await h.ok('amazon__show_seller', { seller_id: 1 })).toMatchObject({ name: 'TrailCo' });
  });

  it('adds to the cart and shows it with costs', async () => {
    const { h, token } = await login();
    await h.ok('amazon__add_product_to_cart', { access_token: token, product_id: 3, quantity: 1 });
    await h.ok('amazon__add_product_to_cart', { access_token: token, product_id: 2, quantity: 2 });
    const cart = await h.ok('amazon__show_cart', { access_token: token });
    expect(cart.cart_items).toEqual([
      {
        product_id: 2,
        product_name: 'Cotton Socks 6-pack',
        delivery_days: 3,
        quantity: 2,
        price: 9.5,
        inventory_quantity: expect.any(Number),
        gift_wrap_quantity: 0,
      },
      {
        product_id: 3,
        product_name: 'Wool Trail Socks',
        delivery_days: 3,
        quantity: 1,
        price: 22,
        inventory_quantity: expect.any(Number),
        gift_wrap_quantity: 0,
      },
    ]);
    expect(cart.total_cost).toBe(41);
    expect(
      await h.fails('amazon__add_product_to_cart', {
        access_token: token,
        product_id: 2,
        quantity: 1000,
      }),
    ).toMatch(/422[\s\S]*doesn't have 1000 item\/s available/);
    await h.ok('amazon__update_product_quantity_in_cart', {
      access_token: token,
      product_id: 2,
      quantity: 0,
    });
    await h.ok('amazon__add_product_to_cart', {
      access_token: token,
      product_id: 1,
      clear_cart_first: true,
    });
    expect(
      (await h.ok('amazon__show_cart', { access_token: token })).cart_items.map(
        (i: { product_id: number }) => i.product_id,
      ),
    ).toEqual([1]);
    await h.ok('amazon__delete_product_from_cart', { access_token: token, product_id: 1 });
    expect(
      await h.fails('amazon__delete_product_from_cart', { access_token: token, product_id: 1 }),
    ).toMatch(/422[\s\S]*not present in the cart/);
    await h.ok('amazon__add_product_to_cart', { access_token: token, product_id: 4 });
    await h.ok('amazon__clear_cart', { access_token: token });
    expect((await h.ok('amazon__show_cart', { access_token: token })).cart_items).toEqual([]);
  });

  it('keeps a wish list', async () => {
    const { h, token } = await login();
    await h.ok('amazon__add_product_to_wish_list', { access_token: token, product_id: 4 });
    expect(await h.ok('amazon__show_wish_list', { access_token: token })).toEqual([
      expect.objectContaining({
        product_id: 4,
        product_name: 'Insulated Water Bottle',
        quantity: 1,
        price: 25,
        rating: expect.any(Number),
        inventory_quantity: expect.any(Number),
      }),
    ]);
    // AppWorld's moves between the wish list and the cart.
    expect(
      await h.ok('amazon__move_product_from_wish_list_to_cart', {
        access_token: token,
        product_id: 4,
      }),
    ).toEqual({
      message: '1 product/s moved from the wish list to the cart.',
    });
    expect(await h.ok('amazon__show_wish_list', { access_token: token })).toEqual([]);
    expect(
      await h.fails('amazon__move_product_from_cart_to_wish_list', {
        access_token: token,
        product_id: 4,
        quantity: 2,
      }),
    ).toMatch(/422[\s\S]*only has 1/);
    await h.ok('amazon__move_product_from_cart_to_wish_list', {
      access_token: token,
      product_id: 4,
    });
    expect((await h.ok('amazon__show_cart', { access_token: token })).cart_items).toEqual([]);
    await h.ok('amazon__delete_product_from_wish_list', { access_token: token, product_id: 4 });
    expect(await h.ok('amazon__show_wish_list', { access_token: token })).toEqual([]);
    expect(
      await h.fails('amazon__add_product_to_wish_list', { access_token: token, product_id: 99 }),
    ).toMatch(/404/);
  });

  it('places an order from the cart', async () => {
    const { h, token } = await login();
    expect(await h.ok('amazon__show_addresses', { access_token: token })).toMatchObject([
      { address_id: 1, name: 'Home', zip_code: 98101 },
    ]);
    expect(await h.ok('amazon__show_payment_cards', { access_token: token })).toMatchObject([
      { payment_card_id: 1, owner_name: 'Lara McCo' },
    ]);
    expect(
      await h.fails('amazon__place_order', {
        access_token: token,
        payment_card_id: 1,
        address_id: 1,
      }),
    ).toMatch(/422[\s\S]*The cart is empty, so can't place the order/);
    await h.ok('amazon__add_product_to_cart', { access_token: token, product_id: 1, quantity: 2 });
    expect(
      await h.fails('amazon__place_order', {
        access_token: token,
        payment_card_id: 9,
        address_id: 1,
      }),
    ).toMatch(/404/);
    const placed = await h.ok('amazon__place_order', {
      access_token: token,
      payment_card_id: 1,
      address_id: 1,
    });
    expect(placed).toEqual({
      message: 'Successfully placed the order. Debitted total amount of 36 from your card.',
      order_id: 2,
    });
    const { order_id } = placed;
    // AppWorld's order: costs, address text, the card's last digits, one row per product.
    expect(await h.ok('amazon__show_order', { access_token: token, order_id })).toEqual({
      order_id,
      address_id: 1,
      payment_card_id: 1,
      tax: 0,
      delivery_fee: 0,
      gift_wrap_fee: 0,
      discount: 0,
      created_at: expect.any(String),
      address_text: '1 Main St, Seattle, WA, USA 98101',
      payment_card_digits: '1111',
      paid_amount: 36,
      order_items: [
        {
          product_id: 1,
          product_name: 'Merino Hiking Socks',
          product_review_id: null,
          ordered_quantity: 2,
          returned_quantity: 0,
          gift_wrap_quantity: 0,
          price: 18,
          expected_delivery_at: expect.stringMatching(/T18:00:00$/),
          delivered_at: null,
        },
      ],
    });
    expect((await h.ok('amazon__show_cart', { access_token: token })).cart_items).toEqual([]);
    expect((await h.ok('amazon__show_product', { product_id: 1 })).inventory_quantity).toBe(8);
    expect(
      await h.ok('amazon__show_last_product_purchase', { access_token: token, product_id: 1 }),
    ).toEqual({
      order_id,
      ordered_at: expect.any(String),
      product_id: 1,
      product_name: 'Merino Hiking Socks',
      product_relative_size: null,
      product_color: 'grey',
    });
    // Products bought, most recent order first, each once.
    expect(
      (await h.ok('amazon__show_product_purchases', { access_token: token })).map(
        (p: { product_id: number }) => p.product_id,
      ),
    ).toEqual([1, 4]);
    expect(
      await h.fails('amazon__show_last_product_purchase', { access_token: token, product_id: 3 }),
    ).toMatch(/422[\s\S]*have not purchased this product before/);
    expect(
      (await h.ok('amazon__show_orders', { access_token: token })).map(
        (o: { order_id: number }) => o.order_id,
      ),
    ).toEqual([2, 1]);
    expect(
      (await h.ok('amazon__show_orders', { access_token: token, sort_by: '+paid_amount' })).map(
        (o: { order_id: number }) => o.order_id,
      ),
    ).toEqual([1, 2]);
    expect(
      (await h.ok('amazon__show_orders', { access_token: token, query: 'bottle' })).map(
        (o: { order_id: number }) => o.order_id,
      ),
    ).toEqual([1]);
  });

  it('shows and writes reviews and questions', async () => {
    const { h, token } = await login();
    expect(await h.ok('amazon__show_product_reviews', { product_id: 3 })).toMatchObject([
      { rating: 5, title: 'Warm' },
    ]);
    const written = await h.ok('amazon__write_product_review', {
      access_token: token,
      product_id: 3,
      rating: 4,
      text: 'Good',
    });
    expect(written).toEqual({ message: 'Added a new product review.', product_review_id: 2 });
    expect(
      await h.ok('amazon__show_product_reviews', {
        product_id: 3,
        user_email: 'la-mcco@gmail.com',
      }),
    ).toMatchObject([{ review_id: 2, rating: 4, is_verified: false, user: { name: 'Lara McCo' } }]);
    // As in AppWorld, a second review of the same product is allowed; having bought it makes it verified.
    const again = await h.ok('amazon__write_product_review', {
      access_token: token,
      product_id: 4,
      rating: 5,
    });
    expect(
      await h.ok('amazon__show_product_reviews', { product_id: 4, is_verified: true }),
    ).toMatchObject([{ review_id: again.product_review_id, is_verified: true }]);
    await h.ok('amazon__write_product_review', { access_token: token, product_id: 3, rating: 5 });
    expect(await h.ok('amazon__show_product_reviews', { product_id: 3 })).toHaveLength(3);
    expect(
      await h.fails('amazon__write_product_review', {
        access_token: token,
        product_id: 1,
        rating: 9,
      }),
    ).toMatch(/rating/);
    const asked = await h.ok('amazon__write_product_question', {
      access_token: token,
      product_id: 1,
      question: 'Are they itchy?',
    });
    expect(asked.message).toBe('Posted a new product question.');
    const { question_id } = asked;
    expect(await h.ok('amazon__show_product_questions', { product_id: 1 })).toMatchObject([
      { question_id, question: 'Are they itchy?' },
    ]);
    expect(
      (await h.ok('amazon__show_recommended_products', { access_token: token }))[0].product_id,
    ).toBe(3);
  });

  it('adds addresses and shows one payment card, with AppWorld ids and messages', async () => {
    const { h, token } = await login();
    expect(await h.ok('amazon__show_account', { access_token: token })).toMatchObject({
      email: 'la-mcco@gmail.com',
      track_browsing_history: true,
      verified: true,
      is_prime: true,
    });
    const added = await h.ok('amazon__add_address', {
      access_token: token,
      name: 'Work',
      street_address: '9 Pike St',
      city: 'Seattle',
      state: 'WA',
      country: 'USA',
      zip_code: '98102',
    });
    expect(added).toEqual({ message: 'Added address to your account.', address_id: 2 });
    expect(
      (await h.ok('amazon__show_addresses', { access_token: token })).map(
        (a: { name: string }) => a.name,
      ),
    ).toEqual(['Home', 'Work']);
    expect(
      await h.fails('amazon__add_address', {
        access_token: token,
        name: 'Cabin',
        street_address: '1 Lake Rd',
        city: 'Bend',
        state: 'OR',
        country: 'USA',
        zip_code: 123,
      }),
    ).toMatch(/zip_code/);
    expect(
      await h.fails('amazon__add_address', {
        access_token: 'expired',
        name: 'Work',
        street_address: '9 Pike St',
        city: 'Seattle',
        state: 'WA',
        country: 'USA',
        zip_code: 98102,
      }),
    ).toMatch(/401/);
    // The new address ships an order, as AppWorld's id flow has it.
    await h.ok('amazon__add_product_to_cart', { access_token: token, product_id: 1 });
    const { order_id } = await h.ok('amazon__place_order', {
      access_token: token,
      payment_card_id: 1,
      address_id: added.address_id,
    });
    expect(await h.ok('amazon__show_order', { access_token: token, order_id })).toMatchObject({
      address_id: 2,
    });
    expect(
      await h.ok('amazon__show_payment_card', { access_token: token, payment_card_id: 1 }),
    ).toMatchObject({
      payment_card_id: 1,
      card_name: 'Visa',
      owner_name: 'Lara McCo',
      expiry_month: 5,
    });
    expect(
      await h.fails('amazon__show_payment_card', { access_token: token, payment_card_id: 7 }),
    ).toMatch(/404[\s\S]*payment_card_id 7/);
  });

  it('shows feature choices of a product type and keeps a browsing history', async () => {
    const h = appHarness(SEED);
    // "Sock" finds the "socks" type: AppWorld compares product types singularized and uncased.
    expect(await h.ok('amazon__show_product_feature_choices', { product_type: 'Sock' })).toEqual({
      colors: ['grey'],
      relative_sizes: [],
      sellers: [{ seller_id: 1, name: 'TrailCo' }],
    });
    expect(await h.ok('amazon__show_product_feature_choices', {})).toEqual({
      colors: ['grey'],
      relative_sizes: ['medium'],
      sellers: [{ seller_id: 1, name: 'TrailCo' }],
    });
    expect(await h.ok('amazon__show_product_feature_choices', { product_type: 'tent' })).toEqual({
      colors: [],
      relative_sizes: [],
      sellers: [],
    });
    const token = await h.login('amazon', 'la-mcco@gmail.com', 'v[=NdO3');
    expect(
      await h.ok('amazon__add_product_to_browsing_history', { access_token: token, product_id: 3 }),
    ).toEqual({
      message: 'Added the product to your browsing history.',
    });
    await h.ok('amazon__add_product_to_browsing_history', { access_token: token, product_id: 3 });
    expect(
      Object.keys((h.apps.snapshot().amazon as { browsing_history: object }).browsing_history),
    ).toEqual(['3']);
    expect(
      await h.fails('amazon__add_product_to_browsing_history', {
        access_token: token,
        product_id: 99,
      }),
    ).toMatch(/404/);
  });

  it('lists the answers to a product question, with filters', async () => {
    const h = appHarness(SEED);
    expect(await h.ok('amazon__show_product_questions', { product_id: 3 })).toMatchObject([
      { question_id: 1, question: 'Do they shrink in the wash?', num_answers: 2 },
    ]);
    const answers = await h.ok('amazon__show_product_question_answers', { question_id: 1 });
    expect(answers).toEqual([
      {
        question_answer_id: 1,
        question_id: 1,
        is_verified: true,
        answer: 'Not on a cold wash.',
        created_at: expect.any(String),
        user: { name: 'Kim', email: 'kim@corp.com' },
      },
      expect.objectContaining({ question_answer_id: 2, is_verified: false }),
    ]);
    expect(
      await h.ok('amazon__show_product_question_answers', { question_id: 1, is_verified: 'true' }),
    ).toHaveLength(1);
    expect(
      await h.ok('amazon__show_product_question_answers', {
        question_id: 1,
        user_email: 'kim@corp.com',
      }),
    ).toMatchObject([{ question_answer_id: 1 }]);
    expect(
      await h.ok('amazon__show_product_question_answers', { question_id: 1, query: 'shrank' }),
    ).toMatchObject([{ question_answer_id: 2 }]);
    expect(await h.fails('amazon__show_product_question_answers', { question_id: 5 })).toMatch(
      /404[\s\S]*question_id 5/,
    );
  });

  it('makes cart changes visible to app_state rules', async () => {
    const { h, token } = await login();
    const rule = { app: 'amazon', path: 'cart.3.quantity', equals: 1 };
    expect(h.holds(rule)).toBe(false);
    await h.ok('amazon__add_product_to_cart', { access_token: token, product_id: 3, quantity: 1 });
    expect(h.holds(rule)).toBe(true);
  });

  it('checks seed references', () => {
    expect(
      validateAppSeeds({
        amazon: { products: [{ name: 'x', price: 1, seller_id: 2 }], cart: [{ product_id: 5 }] },
      }),
    ).toEqual([
      { path: ['amazon', 'products', 0, 'seller_id'], message: 'no seller with id 2' },
      { path: ['amazon', 'cart', 0, 'product_id'], message: 'no product with id 5' },
    ]);
  });
});
