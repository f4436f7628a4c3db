/** The records a π-Bench task relies on, generated from what it says (made-up tasks; the shared users' in reference-drive.test.ts). */
import { describe, expect, it } from 'vitest';
import { amazonProducts, withCatalogue } from '../../src/scenario/pibench/catalogue.ts';

const SOCKS =
  'I want to buy one pair of trail socks. Compare a few candidates. Prefer higher-rated options that stay within a budget of no more than 30 USD. After the comparison, add 1 pair of Ridgeway Merino Trail Socks to my cart.';

describe('generated catalogue records', () => {
  it('gives four candidates of the kind asked for, the named product being the one that fits the budget, rating and stock', () => {
    const products = amazonProducts(SOCKS, 'shopper_task_001');
    expect(products.map((p) => p.name)).toEqual([
      'Ridgeway Merino Trail Socks',
      'Evenfield Trail Socks (Value)',
      'Northpeak Trail Socks Pro',
      'Brightline Trail Socks Select',
    ]);
    expect(products.map((p) => p.id)).toEqual([1, 2, 3, 4]);
    const [fits, value, pro, last] = products;
    expect(fits!.price).toBeLessThanOrEqual(30);
    expect(pro!.price).toBeGreaterThan(30); // better rated, over the budget
    expect(pro!.rating).toBeGreaterThan(fits!.rating);
    expect(value!.rating).toBeLessThan(fits!.rating);
    expect(last!.inventory_quantity).toBe(1); // the low-stock option to avoid
    for (const p of products)
      expect(Object.keys(p).sort()).toEqual([
        'delivery_days',
        'description',
        'id',
        'inventory_quantity',
        'name',
        'price',
        'product_type',
        'rating',
      ]);
  });

  it('is deterministic, and gives the product a rule script checks the id it checks', () => {
    expect(amazonProducts(SOCKS, 'shopper_task_001')).toEqual(
      amazonProducts(SOCKS, 'shopper_task_001'),
    );
    // Financier 015's script checks product 3: the named product takes it, the others fill 1, 2, 4.
    const pinned = amazonProducts(SOCKS, 'Financier_task_015');
    expect(pinned.find((p) => p.id === 3)!.name).toBe('Ridgeway Merino Trail Socks');
    expect(pinned.map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('lists a quoted product of no asked-for kind, and describes the fitting one by what the task prefers', () => {
    const text =
      "Find the reviews of my 'Steelcase Amia Ergonomic Office Chair'. I need a portable bluetooth speaker for my sleep routine. Prefer a compact, quiet model.";
    const names = amazonProducts(text, 't').map((p) => p.name);
    expect(names).toContain('Steelcase Amia Ergonomic Office Chair');
    expect(names.filter((n) => n.includes('Portable Bluetooth Speaker'))).toHaveLength(4);
    expect(amazonProducts(text, 't').find((p) => p.id === 1)!.description).toContain(
      'compact, quiet model',
    );
  });

  it('adds users for other email addresses, contacts for other numbers, and the older note a clean-up implies', () => {
    const text =
      'Email la@made.up and text 2873148336. Put it in a note titled "Trip Memo". If there is already an older note with the same title, delete it first.';
    const seeds = withCatalogue(
      {
        gmail: { account: { username: 'me@made.up', password: 'x' } },
        phone: { account: { username: '5707454150', password: 'y' } },
      },
      ['gmail', 'phone', 'simple_note'],
      `${text} My number is 5707454150, email me@made.up.`,
      't',
    );
    expect(seeds.gmail).toEqual({
      account: { username: 'me@made.up', password: 'x' },
      users: [{ email: 'la@made.up' }],
    });
    expect(seeds.phone).toMatchObject({
      contacts: [{ phone_number: '2873148336' }],
      messages: [{ from: '2873148336' }],
    });
    expect(seeds.simple_note).toEqual({
      notes: [
        { id: 1, title: 'Trip Memo', content: expect.any(String) },
        { id: 2, title: 'Trip Memo (packing ideas)', content: expect.any(String) },
      ],
    });
    expect(withCatalogue({}, ['simple_note'], 'Put it in a note titled "Trip Memo".', 't')).toEqual(
      {},
    );
  });

  it('reads the kind after a named product, with a capital Add, and pins the id researcher 012’s script checks', () => {
    const text =
      'I have no trail pants yet. Keep it no more than 50 dollars. Add one pair of Ridgeway Trek Cut Pants trail pants to the shopping cart.';
    const products = amazonProducts(text, 'researcher_task_012');
    expect(products.find((p) => p.id === 1578)).toMatchObject({
      name: 'Ridgeway Trek Cut Pants',
      product_type: 'trail pants',
    });
    expect(products.find((p) => p.id === 1578)!.price).toBeLessThanOrEqual(50);
    expect(products.map((p) => p.id)).toEqual([1, 2, 3, 1578]);
  });

  it('gives a linked Spotify song its id and the title quoted before the link, by the artist a script checks', () => {
    const text =
      'Lately I play "Moonlit Quartet" all day. Its link is https://spotify.com/songs/77; it is classical.';
    expect(withCatalogue({}, ['spotify'], text, 'researcher_task_017').spotify).toEqual({
      artists: [{ id: 5, name: 'Ava Morgan', genre: 'classical' }],
      songs: [{ id: 77, title: 'Moonlit Quartet', artist_ids: [5], genre: 'classical' }],
    });
  });
});
