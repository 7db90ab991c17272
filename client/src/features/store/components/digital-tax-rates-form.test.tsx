import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, mockApi, renderPage, type ApiCall } from "@/test/page-harness";
import { DigitalTaxSection } from "./digital-tax-rates-form";

const PATH = "/api/store/digital-tax-rates";
type Rates = { rates: { country: string; rate: string }[] };

/** The admin's rates as the server keeps them: the list, named, as it was last saved. */
function mockRates(saved: Rates["rates"], put?: (body: Rates) => Response) {
  let current = saved;
  const named = () => ({
    rates: current.map((r) => ({ ...r, countryName: r.country === "DE" ? "Germany" : r.country })),
  });
  const calls: ApiCall[] = mockApi({
    [`GET ${PATH}`]: named,
    [`PUT ${PATH}`]: ({ body }) => {
      const answer = put?.(body as Rates);
      if (answer) return answer;
      current = (body as Rates).rates;
      return named();
    },
  });
  return () => calls.filter((c) => c.method === "PUT").map((c) => c.body);
}

describe("the tax on downloads", () => {
  it("says no country pays any yet, and adds, edits and removes countries, saving them all at once", async () => {
    const user = userEvent.setup();
    const puts = mockRates([]);
    renderPage(<DigitalTaxSection />);
    expect(await screen.findByText("No tax is charged on downloads in any country yet")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add country" }));
    await user.click(screen.getByRole("button", { name: "Add country" }));
    await user.click(screen.getByRole("button", { name: "Add country" }));
    const countries = screen.getAllByLabelText("Country");
    const rates = screen.getAllByLabelText("Tax rate (%)");
    await user.selectOptions(countries[0], "DE");
    await user.type(rates[0], "19");
    await user.selectOptions(countries[1], "FR");
    await user.type(rates[1], "20");
    await user.selectOptions(countries[2], "JP");
    await user.type(rates[2], "10");
    await user.click(screen.getByRole("button", { name: "Remove France" }));
    await user.clear(screen.getAllByLabelText("Tax rate (%)")[0]);
    await user.type(screen.getAllByLabelText("Tax rate (%)")[0], "19.000");
    await user.click(screen.getByRole("button", { name: "Save tax rates" }));

    expect(await screen.findByText("Tax on downloads saved")).toBeInTheDocument();
    expect(puts()).toEqual([
      {
        rates: [
          { country: "DE", rate: "19" },
          { country: "JP", rate: "10" },
        ],
      },
    ]);
    expect(screen.getAllByLabelText("Tax rate (%)")[0]).toHaveValue("19");
  });

  it("says what is wrong beside the field before sending, and the server's refusal beside its row", async () => {
    const user = userEvent.setup();
    const puts = mockRates([{ country: "DE", rate: "19" }], () =>
      json({ message: "Invalid input", fieldErrors: { "rates.0.rate": ["At most 100"] } }, 400),
    );
    renderPage(<DigitalTaxSection />);
    const first = await screen.findByRole("group", { name: "Tax on downloads in Germany" });
    expect(within(first).getByLabelText("Country")).toHaveValue("DE");

    await user.click(screen.getByRole("button", { name: "Add country" }));
    await user.click(screen.getByRole("button", { name: "Save tax rates" }));
    const added = screen.getByRole("group", { name: "Tax on downloads in country 2" });
    expect(await within(added).findByText("Choose a country", { selector: "p" })).toBeInTheDocument();
    expect(within(added).getByText("Enter a percentage like 20 or 8.875")).toBeInTheDocument();

    await user.selectOptions(within(added).getByLabelText("Country"), "DE");
    await user.type(within(added).getByLabelText("Tax rate (%)"), "7");
    await user.click(screen.getByRole("button", { name: "Save tax rates" }));
    expect(await screen.findByText("Germany is in the list already")).toBeInTheDocument();
    expect(puts()).toEqual([]);

    await user.click(screen.getAllByRole("button", { name: "Remove Germany" })[1]);
    await user.click(screen.getByRole("button", { name: "Save tax rates" }));
    expect(await within(first).findByText("At most 100")).toBeInTheDocument();
    expect(puts()).toEqual([{ rates: [{ country: "DE", rate: "19" }] }]);
  });
});
