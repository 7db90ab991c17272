import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ThemeProvider } from "@/lib/theme";
import { LandingHeader } from "./landing-header";

function renderHeader() {
  return render(
    <ThemeProvider>
      <LandingHeader />
    </ThemeProvider>,
  );
}

describe("LandingHeader", () => {
  it("keeps a Shop link in view beside the menu, which holds every place of the site", () => {
    renderHeader();
    const menuButton = screen.getByRole("button", { name: "Menu" });
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    // The phone's Shop link sits outside the menu, so it is there at every width.
    const shopLinks = screen.getAllByRole("link", { name: "Shop" });
    expect(shopLinks.some((link) => !link.closest("nav"))).toBe(true);
    for (const link of shopLinks) expect(link).toHaveAttribute("href", "/#shop");

    fireEvent.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    const menu = screen.getByRole("navigation", { name: "Site menu" });
    expect(menuButton).toHaveAttribute("aria-controls", menu.id);
    expect(
      within(menu)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Artists", "Tour Dates", "Shop", "Food Vendors"]);
  });

  it("closes the menu on Escape and gives focus back to its button", () => {
    renderHeader();
    const menuButton = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(menuButton);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("navigation", { name: "Site menu" })).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it("closes the menu when one of its links is followed", () => {
    renderHeader();
    const menuButton = screen.getByRole("button", { name: "Menu" });
    fireEvent.click(menuButton);
    fireEvent.click(
      within(screen.getByRole("navigation", { name: "Site menu" })).getByRole("link", { name: "Tour Dates" }),
    );
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });
});
