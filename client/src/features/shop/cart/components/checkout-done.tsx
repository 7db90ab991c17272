import { useCurrentUser } from "@/lib/auth";
import { shopHref } from "./shop-header";

/**
 * After the card is paid: the confirmation's address, and for an order with downloads that their
 * links are on their way by e-mail too (the server sends them once the payment is settled).
 */
export function CheckoutDone({ email, downloads }: { email: string; downloads: boolean }) {
  const { isAuthenticated } = useCurrentUser();
  return (
    <div role="status" className="grid gap-2">
      <h2 className="text-xl font-semibold">Thank you for your order</h2>
      <p>We have sent a confirmation{email ? ` to ${email}` : ""}, with a link to follow your order.</p>
      {downloads && <p>Your download links are on their way to {email || "your e-mail"}.</p>}
      <a href={shopHref(isAuthenticated)} className="underline">
        Back to the shop
      </a>
    </div>
  );
}

export function EmptyCheckout() {
  const { isAuthenticated } = useCurrentUser();
  return (
    <div className="grid gap-2">
      <p>Your cart is empty.</p>
      <a href={shopHref(isAuthenticated)} className="underline">
        Back to the shop
      </a>
    </div>
  );
}
