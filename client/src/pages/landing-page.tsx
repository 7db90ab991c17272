import { Disc3, MicVocal, Ticket } from "lucide-react";
import { Brand } from "@/components/brand";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";

const FEATURES = [
  {
    icon: MicVocal,
    title: "Record and develop",
    text: "Studio time, A&R feedback and mentorship that turn demos into releases.",
  },
  {
    icon: Disc3,
    title: "Release and promote",
    text: "Distribution, advertising and session musicians under one roof.",
  },
  {
    icon: Ticket,
    title: "Perform and sell",
    text: "Tour dates, event tickets, merchandise and food-vendor slots for every show.",
  },
] as const;

function scrollToFeatures() {
  const target = document.getElementById("features");
  if (!target) return;
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView?.({ behavior: reduceMotion ? "auto" : "smooth", block: "start" });
  // Move keyboard focus along with the view.
  target.focus({ preventScroll: true });
}

/** Signed-out "/" (SPEC.md §2.2). Login is a full-page navigation, not an in-app route. */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/60">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4">
          <Brand />
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            <Button asChild>
              <a href="/api/login">Log In</a>
            </Button>
          </nav>
        </div>
      </header>

      <main id="main-content" tabIndex={-1} className="flex-1 outline-hidden">
        <section
          aria-labelledby="hero-heading"
          className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:py-24"
        >
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-primary">
            Full-service record label
          </p>
          <h1
            id="hero-heading"
            className="max-w-3xl font-display text-4xl font-bold leading-tight tracking-tight sm:text-6xl"
          >
            Your sound, from first take to sold-out show.
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Label Records gives independent artists the studio, the team and the stage: recording,
            A&amp;R, development, distribution, events and merchandise in one place.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a href="/api/login">Get Started</a>
            </Button>
            <Button type="button" size="lg" variant="outline" onClick={scrollToFeatures}>
              Learn More
            </Button>
          </div>
        </section>

        <section
          id="features"
          tabIndex={-1}
          aria-labelledby="features-heading"
          className="mx-auto max-w-6xl scroll-mt-20 px-4 pb-20 outline-hidden"
        >
          <h2 id="features-heading" className="font-display text-2xl font-bold sm:text-3xl">
            Everything an artist needs
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-lg border bg-card/80 p-6 text-card-foreground">
                <Icon className="size-8 text-primary" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground">
          © 2024 Label Records. All rights reserved.
        </div>
      </footer>
    </div>
  );
}
