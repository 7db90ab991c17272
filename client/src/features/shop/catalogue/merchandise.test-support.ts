// The items the shop's client tests show, as GET /api/merchandise/all answers them.
/** An item without options, on sale with stock. */
export const hoodie = {
  id: "m1",
  name: "Logo Hoodie",
  description: "Heavyweight fleece with the label logo.",
  price: "55.00",
  imageUrl: "/demo/merch/logo-hoodie.svg",
  category: "Apparel",
  stockQuantity: 12,
  isAvailable: 1,
  maxPerOrder: 4,
  shipsFrom: null,
  options: [] as { name: string; values: string[] }[],
  variants: [
    {
      id: "v1",
      sku: "HOODIE",
      options: {},
      price: "55.00",
      ownPrice: false,
      stockQuantity: 12,
      lowStockThreshold: 3,
    },
  ],
  createdAt: "2026-01-01T00:00:00.000Z",
};
/** An item sold out and not on sale, with no picture or description. */
export const pin = {
  ...hoodie,
  id: "m2",
  name: "Enamel Pin",
  description: null,
  imageUrl: null,
  category: null,
  stockQuantity: 0,
  isAvailable: 0,
  price: "8.00",
};
