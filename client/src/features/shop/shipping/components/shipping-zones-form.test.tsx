import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { ShippingZonesForm } from "./shipping-zones-form";

const ZONES = [{ id: "z1", name: "Domestic", countries: ["US"], taxRate: "8.875" }];
let calls: ApiCall[];

beforeEach(() => {
  calls = mockApi({ "PUT /api/shipping/zones": ({ body }) => (body as { zones: unknown[] }).zones });
});

describe("the shipping zones form", () => {
  it("saves every zone with its countries as ISO codes and its tax rate", async () => {
    const user = userEvent.setup();
    renderPage(<ShippingZonesForm zones={ZONES} />);
    await user.click(screen.getByRole("button", { name: "Add zone" }));
    const names = screen.getAllByLabelText("Zone name");
    await user.type(names[1], "EU");
    await user.type(screen.getAllByLabelText("Countries (ISO codes)")[1], "de, fr");
    await user.clear(screen.getAllByLabelText("Tax rate (%)")[1]);
    await user.type(screen.getAllByLabelText("Tax rate (%)")[1], "19");
    await user.click(screen.getByRole("button", { name: "Save zones" }));
    await screen.findByText("Shipping zones saved");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      zones: [
        { name: "Domestic", countries: ["US"], taxRate: "8.875" },
        { name: "EU", countries: ["DE", "FR"], taxRate: "19" },
      ],
    });
  });

  it("refuses a country in two zones before sending anything", async () => {
    const user = userEvent.setup();
    renderPage(<ShippingZonesForm zones={ZONES} />);
    await user.click(screen.getByRole("button", { name: "Add zone" }));
    await user.type(screen.getAllByLabelText("Zone name")[1], "Americas");
    await user.type(screen.getAllByLabelText("Countries (ISO codes)")[1], "us ca");
    await user.click(screen.getByRole("button", { name: "Save zones" }));
    expect(await screen.findByText("United States is already in Domestic")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
  });

  it("answers a country typed by its name with its code, beside the field, before sending anything", async () => {
    const user = userEvent.setup();
    renderPage(<ShippingZonesForm zones={ZONES} />);
    const countries = screen.getByLabelText("Countries (ISO codes)");
    await user.clear(countries);
    await user.type(countries, "USA");
    expect(screen.getByText("USA isn't a country code — use US")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save zones" }));
    expect(await screen.findAllByText("USA isn't a country code — use US")).not.toHaveLength(0);
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);
    await user.clear(countries);
    await user.type(countries, "United States, ca");
    expect(screen.getByText("United States isn't a country code — use US")).toBeInTheDocument();
    await user.clear(countries);
    await user.type(countries, "us ca");
    expect(screen.queryByText(/isn't a country code/)).not.toBeInTheDocument();
  });

  it("adds a country picked by its name to the zone's codes", async () => {
    const user = userEvent.setup();
    renderPage(<ShippingZonesForm zones={ZONES} />);
    const picker = screen.getByRole("combobox", { name: "Add a country to zone 1" });
    await user.selectOptions(picker, "CA");
    expect(screen.getByLabelText("Countries (ISO codes)")).toHaveValue("US, CA");
    expect(picker).toHaveValue("");
    // Picking a country already there adds nothing.
    await user.selectOptions(picker, "CA");
    expect(screen.getByLabelText("Countries (ISO codes)")).toHaveValue("US, CA");
    await user.click(screen.getByRole("button", { name: "Save zones" }));
    await screen.findByText("Shipping zones saved");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      zones: [{ name: "Domestic", countries: ["US", "CA"], taxRate: "8.875" }],
    });
  });
});
