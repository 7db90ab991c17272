import { ArrowRight } from "lucide-react";
import { SIGN_IN_PATH } from "@shared/sign-in";
import { Button } from "@/components/ui/button";

const STATS = [
  { value: "38", label: "active artists" },
  { value: "4", label: "recording studios" },
  { value: "7", label: "genres, one home" },
] as const;

/** Scrolls to the features block, instantly when the visitor prefers reduced motion. */
export function scrollToFeatures() {
  const target = document.getElementById("features");
  if (!target) return;
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView?.({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  // Keyboard focus moves with the view, so the next Tab continues from the features.
  target.focus({ preventScroll: true });
}

/** A vinyl record drawn in CSS: decoration only, no download. */
function Record() {
  return (
    <div aria-hidden="true" className="relative hidden aspect-square w-full max-w-md lg:block">
      <div className="absolute inset-0 rounded-full bg-[repeating-radial-gradient(circle_at_center,#1c1714_0_2px,#0c0a09_2px_5px)] shadow-2xl ring-1 ring-white/10 motion-safe:animate-[spin_24s_linear_infinite]" />
      <div className="absolute inset-[34%] rounded-full bg-gradient-to-br from-primary via-amber-600 to-rose-700" />
      <div className="absolute inset-[48.5%] rounded-full bg-background" />
    </div>
  );
}

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(60%_60%_at_15%_10%,color-mix(in_oklab,var(--primary)_22%,transparent),transparent),radial-gradient(45%_45%_at_85%_35%,rgba(190,24,93,0.16),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr]">
        <div className="flex flex-col items-start gap-6">
          <p className="rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-xs font-semibold uppercase tracking-[0.2em] text-primary">
            <span className="whitespace-nowrap">Full-service</span> record label
          </p>
          <h1
            id="hero-heading"
            className="font-display text-4xl font-bold leading-[1.05] tracking-tight text-balance sm:text-6xl lg:text-7xl"
          >
            {/* A line may end before "sold-out" but never inside it: "sold-" / "out" misreads. */}
            Your sound, from first take to <span className="whitespace-nowrap">sold-out</span> show.
          </h1>
          <p className="max-w-xl text-lg text-muted-foreground">
            Label Records gives independent artists the studio, the team and the stage: recording, A&amp;R, development,
            distribution, events and merchandise under one roof.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a href={SIGN_IN_PATH}>
                Get Started
                <ArrowRight aria-hidden="true" />
              </a>
            </Button>
            <Button type="button" size="lg" variant="outline" onClick={scrollToFeatures}>
              Learn More
            </Button>
          </div>
          <dl className="mt-4 grid w-full max-w-lg grid-cols-3 gap-4 border-t pt-6">
            {STATS.map(({ value, label }) => (
              <div key={label} className="flex flex-col gap-1">
                <dt className="order-last text-xs text-muted-foreground sm:text-sm">{label}</dt>
                <dd className="font-display text-2xl font-bold sm:text-3xl">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <Record />
      </div>
    </section>
  );
}
