import { AppRouter } from "@/app/router";
import { Providers } from "@/app/providers";

/** Decorative, fixed and faded behind all content. */
function BackgroundImage() {
  return (
    <img
      src="/demo/background.svg"
      alt=""
      aria-hidden="true"
      decoding="async"
      className="pointer-events-none fixed inset-0 -z-10 size-full select-none object-cover opacity-[0.06] dark:opacity-30"
    />
  );
}

export function App() {
  return (
    <Providers>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <BackgroundImage />
      <AppRouter />
    </Providers>
  );
}
