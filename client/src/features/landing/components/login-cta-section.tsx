import { ArrowRight } from "lucide-react";
import { SIGN_IN_PATH } from "@shared/sign-in";
import { Button } from "@/components/ui/button";

/** The login call to action (a full-page navigation to /api/login). */
export function LoginCtaSection() {
  return (
    <section aria-labelledby="join-heading" className="py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <div className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-stone-900 via-stone-900 to-rose-950 px-6 py-12 text-center text-white shadow-lg sm:px-12">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute -top-24 left-1/2 size-72 -translate-x-1/2 rounded-full bg-amber-400/25 blur-3xl"
          />
          <h2 id="join-heading" className="relative font-display text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to make your mark?
          </h2>
          <p className="relative mx-auto mt-3 max-w-xl text-stone-200">
            Sign in to book studio sessions, submit your music, buy tickets and manage your releases.
          </p>
          <Button asChild size="lg" className="relative mt-8 bg-amber-400 text-stone-950 hover:bg-amber-300">
            <a href={SIGN_IN_PATH}>
              Join the Label
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
