import { CheckoutForm } from "@/features/shop/cart/components/checkout-form";
import { useCurrentUser } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/document-title";

/** /checkout — the cart's checkout, for visitors and members alike. */
export function CheckoutPage() {
  useDocumentTitle("Checkout");
  const { user } = useCurrentUser();
  return (
    <main id="main-content" tabIndex={-1} className="mx-auto min-h-dvh max-w-4xl px-4 py-8 outline-hidden">
      <h1 className="mb-6 text-2xl font-bold">Checkout</h1>
      <CheckoutForm email={user?.email ?? ""} />
    </main>
  );
}
