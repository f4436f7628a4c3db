/** amazon on the user's phone: shop, a product, the cart, orders. */
import { clip, type AppScreens } from '../screens/spec.ts';

export const amazonScreens: AppScreens = {
  app: 'amazon',
  title: 'Amazon',
  home: 'shop',
  screens: [
    {
      kind: 'list',
      id: 'shop',
      title: (p) => (p.query ? `Results for ${String(p.query)}` : 'Shop'),
      api: 'search_products',
      args: (p) => ({ page_limit: 20, ...(p.query ? { query: p.query } : {}) }),
      items: (r) => r,
      label: (x) => `${clip(x.name, 50)} · $${x.price} · ★${x.rating}`,
      open: { screen: 'product', params: (x) => ({ product_id: x.product_id }) },
      empty: '(no products)',
      actions: [
        {
          name: 'search',
          label: 'search',
          api: 'search_products',
          fields: ['query'],
          then: { screen: 'shop', params: (_r, a) => ({ query: a.query }) },
        },
        { name: 'cart', label: 'the cart', go: 'cart', params: () => ({}) },
        { name: 'orders', label: 'your orders', go: 'orders', params: () => ({}) },
      ],
    },
    {
      kind: 'item',
      id: 'product',
      api: 'show_product',
      args: (p) => ({ product_id: p.product_id }),
      title: (x) => clip(x.name, 60),
      lines: (x) => [
        `$${x.price} · ★${x.rating} · delivers in ${x.delivery_days} days · ${x.inventory_quantity} left`,
        ...(x.description ? ['', ...String(x.description).split('\n')] : []),
      ],
      actions: [
        {
          name: 'add_to_cart',
          label: 'add to cart',
          api: 'add_product_to_cart',
          fields: ['quantity?'],
          fixed: (p) => ({ product_id: p.product_id }),
        },
        {
          name: 'add_to_wish_list',
          label: 'add to wish list',
          api: 'add_product_to_wish_list',
          fixed: (p) => ({ product_id: p.product_id }),
        },
      ],
    },
    {
      kind: 'list',
      id: 'cart',
      title: 'Cart',
      api: 'show_cart',
      items: (r) => r.cart_items ?? [],
      label: (i) => `${clip(i.product_name ?? i.name, 50)} × ${i.quantity} · $${i.price}`,
      open: { screen: 'product', params: (i) => ({ product_id: i.product_id }) },
      empty: '(the cart is empty)',
      actions: [
        {
          name: 'place_order',
          label: 'place the order',
          api: 'place_order',
          fields: ['payment_card_id', 'address_id'],
          then: 'back',
        },
      ],
    },
    {
      kind: 'list',
      id: 'orders',
      title: 'Orders',
      api: 'show_orders',
      items: (r) => r,
      label: (o) =>
        `#${o.order_id} · ${String(o.created_at).slice(0, 10)} · ${clip((o.order_items ?? []).map((i: { product_name: string; ordered_quantity: number }) => `${i.product_name} ×${i.ordered_quantity}`).join(', '), 50)} · $${o.paid_amount}`,
      open: { screen: 'order', params: (o) => ({ order_id: o.order_id }) },
      empty: '(no orders)',
    },
    {
      kind: 'item',
      id: 'order',
      api: 'show_order',
      args: (p) => ({ order_id: p.order_id }),
      title: (o) => `Order #${o.order_id}`,
      lines: (o) => [
        `placed ${o.created_at} · paid $${o.paid_amount}`,
        ...(o.order_items ?? []).map(
          (i: { product_name: string; ordered_quantity: number; price: number }) =>
            `- ${i.product_name} × ${i.ordered_quantity} · $${i.price}`,
        ),
      ],
      actions: [
        {
          name: 'buy_again',
          label: 'buy again',
          api: 'add_product_to_cart',
          fields: ['product_id', 'quantity?'],
        },
      ],
    },
  ],
};
