import { CheckoutForm } from "@/features/shop/cart/components/checkout-form";
import { ShopHeader } from "@/features/shop/cart/components/shop-header";
import { useCurrentUser } from "@/lib/auth";
import { useDocumentTitle } from "@/lib/document-title";

/** /checkout — the cart's checkout, for visitors and members alike, under the shop's header. */
export function CheckoutPage() {
  useDocumentTitle("Checkout");
  const { user } = useCurrentUser();
  return (
    <div className="flex min-h-dvh flex-col">
      <ShopHeader />
      <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 outline-hidden">
        <h1 className="mb-6 text-2xl font-bold">Checkout</h1>
        <CheckoutForm email={user?.email ?? ""} />
      </main>
    </div>
  );
}
