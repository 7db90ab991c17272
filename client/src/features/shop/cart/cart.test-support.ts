// The cart's tests' lines: a shirt variant, and a name-your-price release with a track sold alone.

/** A goods line as the cart keeps it. */
export const SHIRT_LINE = {
  variantId: "11111111-1111-4111-8111-111111111111",
  merchandiseId: "22222222-2222-4222-8222-222222222222",
  name: "Tour Shirt",
  optionsLabel: "M",
  price: "20.00",
  maxPerOrder: 10,
  shipsFrom: null,
};

/** A release on sale (name your price from $5.00, tracks at $0.99), as the store answers it. */
export const RELEASE_ON_SALE = {
  id: "6c6c6c6c-0000-4000-8000-000000000001",
  title: "Glass Harbour",
  artist: "Mara Quill",
  coverUrl: null,
  price: "7.00",
  payWhatYouWant: true,
  minimumPrice: "5.00",
  suggestedPrice: "8.00",
  trackPrice: "0.99",
};

export const TRACK_ON_SALE = { id: "6c6c6c6c-0000-4000-8000-000000000011", title: "Low Tide" };
