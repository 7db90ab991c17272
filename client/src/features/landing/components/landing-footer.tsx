import { Link } from "wouter";
import { COPYRIGHT_YEAR } from "@shared/constants";
import { Brand } from "@/components/brand";
import { ContactLinks } from "@/components/contact-links";

const linkClass = "text-muted-foreground transition-colors hover:text-foreground";

/**
 * The label's contact phone and e-mail (as its administrators set them in Label Settings, else
 * the default pair), and a fixed copyright year of 2024 (docs/product.md, "Landing page").
 */
export function LandingFooter() {
  return (
    <footer className="border-t bg-card/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <div>
          <Brand />
          <p className="mt-3 max-w-sm text-sm text-muted-foreground">
            A full-service record label for independent artists: studio, A&amp;R, development, distribution, events and
            merchandise.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold">Contact</h2>
          <ContactLinks className="mt-3 text-sm" linkClassName={`no-underline ${linkClass}`} />
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold">Explore</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            <li>
              <Link href="/artists" className={linkClass}>
                Artist Gallery
              </Link>
            </li>
            <li>
              <a href="#tour-dates" className={linkClass}>
                Tour Dates
              </a>
            </li>
            <li>
              <Link href="/vendor-booking" className={linkClass}>
                Food Vendor Slots
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground">
          © {COPYRIGHT_YEAR} Label Records. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
