import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { makeMerchandiseItem } from "@/test/fixtures";
import { json, memberUser, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { cart, type CartLine } from "./cart-store";
import { downloadLineOf } from "./download-lines";
import { CartDrawer } from "./components/cart-drawer";
import { MemberCartSync, useMemberCartSync } from "./member-cart-sync";

const HOODIE = makeMerchandiseItem({ id: "m1", name: "Logo Hoodie", price: "55.00", maxPerOrder: 4 });
const TEE = {
  ...makeMerchandiseItem({ id: "m2", name: "Tour Tee", price: "25.00" }),
  options: [{ name: "Size", values: ["S", "M"] }],
  variants: [
    {
      id: "tee-s",
      sku: "TEE-S",
      options: { Size: "S" },
      price: "25.00",
      ownPrice: false,
      stockQuantity: 5,
      lowStockThreshold: 3,
    },
    {
      id: "tee-m",
      sku: "TEE-M",
      options: { Size: "M" },
      price: "27.00",
      ownPrice: true,
      stockQuantity: 5,
      lowStockThreshold: 3,
    },
  ],
};

const line = (overrides: Partial<CartLine>): CartLine => ({
  variantId: "m1-default",
  merchandiseId: "m1",
  name: "Logo Hoodie",
  optionsLabel: "",
  price: "55.00",
  quantity: 1,
  maxPerOrder: 4,
  shipsFrom: null,
  ...overrides,
});

let saved: { variantId: string; quantity: number }[];
let calls: ApiCall[];

function mockShop(user = memberUser) {
  calls = mockApi(
    {
      "GET /api/merchandise-cart": () => ({ items: saved }),
      "PUT /api/merchandise-cart": ({ body }) => {
        saved = (body as { items: typeof saved }).items;
        return { items: saved };
      },
      "GET /api/merchandise": () => [HOODIE, TEE],
    },
    user,
  );
}

const puts = () => calls.filter((c) => c.method === "PUT").map((c) => (c.body as { items: unknown }).items);
const quantities = () => cart.lines().map((l) => [l.variantId, l.quantity]);

function VisitorSync() {
  useMemberCartSync(null);
  return null;
}

beforeEach(() => {
  window.localStorage.clear();
  act(() => cart.reload());
});

describe("a member's cart", () => {
  it("merges the browser's cart into the saved one at sign-in, then saves every change", async () => {
    act(() => {
      cart.add(line({}), 1);
      cart.add(
        line({ variantId: "tee-s", merchandiseId: "m2", name: "Tour Tee", optionsLabel: "S", price: "25.00" }),
        2,
      );
    });
    // Saved on another device: more of the tee, a medium tee, and an item no longer on sale.
    saved = [
      { variantId: "tee-s", quantity: 3 },
      { variantId: "tee-m", quantity: 1 },
      { variantId: "gone", quantity: 2 },
    ];
    mockShop();
    renderPage(
      <>
        <MemberCartSync userId={memberUser.id} />
        <CartDrawer />
      </>,
    );

    // The larger quantity of a variant in both, the saved lines described from the items on sale.
    await waitFor(() =>
      expect(quantities()).toEqual([
        ["m1-default", 1],
        ["tee-s", 3],
        ["tee-m", 1],
      ]),
    );
    expect(cart.lines()[2]).toMatchObject({ name: "Tour Tee", optionsLabel: "M", price: "27.00", merchandiseId: "m2" });
    await waitFor(() =>
      expect(puts()).toEqual([
        [
          { variantId: "m1-default", quantity: 1 },
          { variantId: "tee-s", quantity: 3 },
          { variantId: "tee-m", quantity: 1 },
        ],
      ]),
    );

    // A change in the drawer is saved as the whole cart.
    const user = userEvent.setup();
    act(() => cart.setOpen(true));
    const drawer = await screen.findByRole("dialog", { name: "Your cart" });
    await user.click(within(drawer).getByRole("button", { name: "One more Logo Hoodie" }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toEqual([
      { variantId: "m1-default", quantity: 2 },
      { variantId: "tee-s", quantity: 3 },
      { variantId: "tee-m", quantity: 1 },
    ]);
    await user.click(within(drawer).getByRole("button", { name: "Remove Tour Tee (S)" }));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(saved).toEqual([
      { variantId: "m1-default", quantity: 2 },
      { variantId: "tee-m", quantity: 1 },
    ]);

    // A paid checkout empties the cart, and the saved one with it.
    act(() => cart.clear());
    await waitFor(() => expect(saved).toEqual([]));
  });

  it("shows the saved cart on a browser with an empty one, without saving it back unchanged", async () => {
    saved = [{ variantId: "tee-m", quantity: 9 }];
    mockShop();
    renderPage(<MemberCartSync userId={memberUser.id} />);

    // Within the item's per-order maximum (10), as it was saved.
    await waitFor(() => expect(quantities()).toEqual([["tee-m", 9]]));
    expect(calls.filter((c) => c.url === "/api/merchandise-cart").map((c) => c.method)).toEqual(["GET"]);
    act(() => cart.setQuantity("tee-m", 8));
    await waitFor(() => expect(puts()).toEqual([[{ variantId: "tee-m", quantity: 8 }]]));
  });

  it("leaves the saved cart alone when it cannot be read, and a visitor's cart stays in the browser", async () => {
    act(() => cart.add(line({}), 1));
    calls = mockApi(
      {
        "GET /api/merchandise-cart": () => json({ message: "Unavailable" }, 503),
        "GET /api/merchandise": () => [HOODIE],
      },
      memberUser,
    );
    const { unmount } = renderPage(<MemberCartSync userId={memberUser.id} />);
    await waitFor(() => expect(calls.some((c) => c.url === "/api/merchandise-cart")).toBe(true));
    act(() => cart.setQuantity("m1-default", 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
    unmount();

    saved = [{ variantId: "tee-m", quantity: 1 }];
    mockShop();
    renderPage(<VisitorSync />);
    act(() => cart.setQuantity("m1-default", 3));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.url === "/api/merchandise-cart")).toEqual([]);
    expect(quantities()).toEqual([["m1-default", 3]]);
  });
});

describe("a member's saved downloads", () => {
  const release = (id: string, title: string, extra: object = {}) => ({
    id,
    title,
    artist: "Mara Quill",
    genre: null,
    coverUrl: null,
    releaseDate: null,
    price: "7.00",
    payWhatYouWant: true,
    minimumPrice: "5.00",
    suggestedPrice: "8.00",
    trackPrice: "0.99",
    formats: ["flac"],
    tracks: [{ id: `${id}-t1`, title: "Low Tide", position: 0, durationSeconds: 184, previewUrl: null }],
    ...extra,
  });
  const HARBOUR = release("r1", "Glass Harbour");
  const SALT = release("r2", "Salt Lines", { payWhatYouWant: false, price: "9.00" });

  it("merges the saved downloads with the browser's, describes them from the store, and saves both kinds", async () => {
    // This browser named $9.50 for Glass Harbour; the saved cart has it at $6.00, a track of
    // Salt Lines, and a release no longer for sale.
    act(() => {
      cart.add(line({}), 1);
      cart.addDownload(downloadLineOf(HARBOUR, null, "9.50"));
    });
    let body: unknown = null;
    calls = mockApi(
      {
        "GET /api/merchandise-cart": () => ({
          items: [],
          digital: [{ releaseId: "r1", amount: "6.00" }, { releaseId: "r2", trackId: "r2-t1" }, { releaseId: "gone" }],
        }),
        "PUT /api/merchandise-cart": (call) => {
          body = call.body;
          return call.body;
        },
        "GET /api/merchandise": () => [HOODIE],
        "GET /api/store/releases": () => [HARBOUR, SALT],
      },
      memberUser,
    );
    renderPage(<MemberCartSync userId={memberUser.id} />);

    await waitFor(() => expect(cart.downloads()).toHaveLength(2));
    expect(cart.downloads()).toEqual([
      expect.objectContaining({ releaseId: "r1", trackId: null, amount: "9.50", price: "9.50" }),
      expect.objectContaining({
        releaseId: "r2",
        trackId: "r2-t1",
        title: "Low Tide",
        releaseTitle: "Salt Lines",
        price: "0.99",
      }),
    ]);
    await waitFor(() =>
      expect(body).toEqual({
        items: [{ variantId: "m1-default", quantity: 1 }],
        digital: [
          { releaseId: "r1", amount: "9.50" },
          { releaseId: "r2", trackId: "r2-t1" },
        ],
      }),
    );

    // Removing a download is saved as the whole cart.
    act(() => cart.removeDownload({ releaseId: "r1", trackId: null }));
    await waitFor(() =>
      expect(body).toEqual({
        items: [{ variantId: "m1-default", quantity: 1 }],
        digital: [{ releaseId: "r2", trackId: "r2-t1" }],
      }),
    );
  });
});
