import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeMerchandiseItem as item } from "@/test/fixtures";
import { MerchandiseSection } from "./merchandise-section";

describe("MerchandiseSection", () => {
  it.each([[undefined], [[]]])("renders nothing without items (%j)", (items) => {
    const { container } = render(<MerchandiseSection items={items} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows image, name, description, category and the price with two decimals", () => {
    render(<MerchandiseSection items={[item()]} />);
    const card = screen.getByRole("listitem");
    expect(within(card).getByRole("img", { name: "Enamel Pin Set" })).toHaveAttribute(
      "src",
      "/demo/merch/enamel-pin-set.svg",
    );
    expect(within(card).getByRole("heading", { level: 3, name: "Enamel Pin Set" })).toBeInTheDocument();
    expect(card).toHaveTextContent("Three hard-enamel pins.");
    expect(card).toHaveTextContent("Accessories");
    expect(card).toHaveTextContent("$14.50");
  });

  it("shows 'From' the lowest price when the item's variants differ in price", () => {
    const variant = (id: string, price: string) => ({ id, price });
    const { rerender } = render(
      <MerchandiseSection items={[{ ...item(), variants: [variant("v1", "34.00"), variant("v2", "30.00")] }]} />,
    );
    expect(screen.getByRole("listitem")).toHaveTextContent("From $30.00");
    rerender(
      <MerchandiseSection items={[{ ...item(), variants: [variant("v1", "14.50"), variant("v2", "14.50")] }]} />,
    );
    expect(screen.getByRole("listitem")).not.toHaveTextContent("From");
    expect(screen.getByRole("listitem")).toHaveTextContent("$14.50");
  });

  it("shows a placeholder when an item has no image", () => {
    render(<MerchandiseSection items={[item({ imageUrl: null })]} />);
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(screen.getByText("No image")).toBeInTheDocument();
  });

  it("offers an enabled Buy for an item in stock", () => {
    render(<MerchandiseSection items={[item()]} />);
    const buy = screen.getByRole("link", { name: "Buy Enamel Pin Set" });
    expect(buy).toHaveTextContent("Buy");
  });

  it("disables Buy for an item out of stock and says why", () => {
    render(<MerchandiseSection items={[item({ stockQuantity: 0 })]} />);
    const buy = screen.getByRole("button", { name: "Buy Enamel Pin Set" });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription("Out of stock");
  });

  it("renders the Buy slot for items in stock only", () => {
    const items = [item(), item({ id: "m2", name: "Sold Out Tee", stockQuantity: 0 })];
    render(
      <MerchandiseSection items={items} renderBuy={(merch) => <button type="button">Checkout {merch.name}</button>} />,
    );
    expect(screen.getByRole("button", { name: "Checkout Enamel Pin Set" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Checkout Sold Out Tee" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Buy Sold Out Tee" })).toBeDisabled();
  });
});
