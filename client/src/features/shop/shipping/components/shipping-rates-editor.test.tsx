import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, mockApi, renderPage } from "@/test/page-harness";
import { ShippingRatesEditor } from "./shipping-rates-editor";

const ITEM_ID = "77777777-7777-4777-8777-777777777777";
const RATES = `/api/merchandise/${ITEM_ID}/shipping`;
const ZONES = [
  { id: "z1", name: "Domestic", countries: ["US"], taxRate: "0" },
  { id: "z2", name: "Europe", countries: ["DE", "FR"], taxRate: "20" },
];

const zone = (name: string) => screen.getByRole("group", { name });
const field = (zoneName: string, label: string) => within(zone(zoneName)).getByRole("textbox", { name: label });

function setUp(put: (body: unknown) => Response | unknown = (body) => (body as { rates: unknown }).rates) {
  const calls = mockApi({
    "GET /api/shipping/zones": () => ZONES,
    [`GET ${RATES}`]: () => [{ zone: "Domestic", first: "4.00", additional: "2.00" }],
    [`PUT ${RATES}`]: ({ body }) => put(body),
  });
  renderPage(<ShippingRatesEditor itemId={ITEM_ID} />);
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("ShippingRatesEditor", () => {
  it("says so when the item ships nowhere, and not once it has a rate", async () => {
    mockApi({ "GET /api/shipping/zones": () => ZONES, [`GET ${RATES}`]: () => [] });
    const { unmount } = renderPage(<ShippingRatesEditor itemId={ITEM_ID} />);
    expect(await screen.findByText(/This item ships nowhere yet/)).toBeInTheDocument();
    unmount();

    setUp();
    expect(await screen.findByRole("group", { name: "Domestic" })).toBeInTheDocument();
    expect(screen.queryByText(/ships nowhere/)).not.toBeInTheDocument();
  });

  it("shows each zone's rate, and sends only the zones with amounts", async () => {
    const calls = setUp();
    expect(await screen.findByRole("group", { name: "Domestic" })).toBeInTheDocument();
    expect(field("Domestic", "First unit")).toHaveValue("4.00");
    expect(field("Domestic", "Each additional unit")).toHaveValue("2.00");
    expect(field("Europe", "First unit")).toHaveValue("");

    await userEvent.type(field("Europe", "First unit"), "9.5");
    await userEvent.type(field("Europe", "Each additional unit"), "3");
    await userEvent.click(screen.getByRole("button", { name: "Save shipping rates" }));

    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(calls.find((c) => c.method === "PUT")!.body).toEqual({
      rates: [
        { zone: "Domestic", first: "4.00", additional: "2.00" },
        { zone: "Europe", first: "9.5", additional: "3" },
      ],
    });
  });

  it("says in plain words what is wrong beside the field, and sends nothing", async () => {
    const calls = setUp();
    await screen.findByRole("group", { name: "Europe" });
    await userEvent.type(field("Europe", "First unit"), "abc");
    await userEvent.clear(field("Domestic", "Each additional unit"));
    await userEvent.click(screen.getByRole("button", { name: "Save shipping rates" }));

    expect(await within(zone("Europe")).findByText("Enter an amount like 12.50 (at most 2 decimals)")).toBeVisible();
    expect(within(zone("Europe")).getByText("Enter each further unit's shipping")).toBeVisible();
    expect(within(zone("Domestic")).getByText("Enter each further unit's shipping")).toBeVisible();
    expect(field("Europe", "First unit")).toHaveAttribute("aria-invalid", "true");
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("puts the server's field errors beside the zone they are about, though empty zones were not sent", async () => {
    setUp(() => json({ message: "Invalid body", fieldErrors: { "rates.0.first": ["Amount is too large"] } }, 400));
    await screen.findByRole("group", { name: "Europe" });
    await userEvent.clear(field("Domestic", "First unit"));
    await userEvent.clear(field("Domestic", "Each additional unit"));
    await userEvent.type(field("Europe", "First unit"), "5");
    await userEvent.type(field("Europe", "Each additional unit"), "1");
    await userEvent.click(screen.getByRole("button", { name: "Save shipping rates" }));

    expect(await within(zone("Europe")).findByText("Amount is too large")).toBeVisible();
    expect(within(zone("Domestic")).queryByText("Amount is too large")).not.toBeInTheDocument();
  });

  it("points to the zones page when the shop has none", async () => {
    mockApi({ "GET /api/shipping/zones": () => [], [`GET ${RATES}`]: () => [] });
    renderPage(<ShippingRatesEditor itemId={ITEM_ID} />);
    expect(await screen.findByRole("link", { name: "Add zones" })).toHaveAttribute("href", "/admin/shipping");
  });
});
