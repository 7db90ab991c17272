import axe from "axe-core";
import type { Frame, Page } from "playwright-core";

/** What to check: axe's own run options (every rule but the experimental ones by default). */
export interface AxeCheck {
  runOnly?: axe.RunOptions["runOnly"];
  rules?: axe.RunOptions["rules"];
  /** false: frames are not looked into. */
  iframes?: boolean;
  /** CSS selectors left out, with everything inside them (a sandboxed preview frame, say). */
  exclude?: string[];
}

type Axe = typeof axe;
type AxeWindow = { axe: Axe };
type Partial = axe.PartialResult | null;
/** A frame axe found in the document: how to find it, and what of it to check. */
type FrameToCheck = { frameSelector: axe.CrossTreeSelector; frameContext: axe.ElementContext };

/** axe in the frame once per document: its source is 600 KB to parse. */
async function inject(frame: Frame) {
  if (await frame.evaluate(() => "axe" in window)) return;
  await frame.evaluate(axe.source);
}

/**
 * Each frame's own results, depth first, as axe.finishRun wants them: the frame's, then its
 * frames' in document order, null for a frame axe could not run in (an embed that cannot load
 * offline), which axe then reports.
 */
async function partialResults(frame: Frame, context: axe.ElementContext, options: axe.RunOptions): Promise<Partial[]> {
  await inject(frame);
  // Typed loosely on the way in: axe's option types are too deep for Playwright's argument checks.
  const run: { context: unknown; options: unknown } = { context, options };
  const frames = (await frame.evaluate(
    ({ context, options }) =>
      (window as unknown as AxeWindow).axe.utils.getFrameContexts(
        context as axe.ElementContext,
        options as axe.RunOptions,
      ) as unknown,
    run,
  )) as FrameToCheck[];
  const own = (await frame.evaluate(
    ({ context, options }) =>
      (window as unknown as AxeWindow).axe.runPartial(context as axe.ElementContext, options as axe.RunOptions),
    run,
  )) as axe.PartialResult;
  const results: Partial[] = [own];
  for (const { frameSelector, frameContext } of frames) {
    let inner: Partial[] = [null];
    try {
      const element = await frame.evaluateHandle(
        (selector) => (window as unknown as AxeWindow).axe.utils.shadowSelect(selector),
        frameSelector,
      );
      const child = await element.asElement()?.contentFrame();
      if (child) inner = await partialResults(child, frameContext, options);
    } catch {
      // The frame went away or refuses scripts: axe reports it as not tested.
    }
    results.push(...inner);
  }
  return results;
}

/**
 * Runs axe-core on the page as it stands and returns its violations: the same engine, rules and
 * frame handling as @axe-core/playwright's analyze() (a partial run in every frame, merged by
 * axe.finishRun), in less than half the time. analyze() injects axe into every frame again
 * on each call and opens a page of its own to merge the results; this injects once per
 * document and merges in the page, where DevTools' evaluation is not held by the page's CSP.
 */
export async function axeViolations(page: Page, check: AxeCheck = {}): Promise<axe.Result[]> {
  return (await axeRun(page, check)).violations;
}

/**
 * axe's whole answer for the page as it stands. Only violations carry their nodes; the other
 * lists (passes, inapplicable, incomplete) just say which rules ran.
 */
export async function axeRun(page: Page, check: AxeCheck = {}): Promise<axe.AxeResults> {
  const { exclude = [], ...rest } = check;
  const options: axe.RunOptions = { ...rest, resultTypes: ["violations"] };
  const context = { include: [], exclude } as unknown as axe.ElementContext;
  const partials = await partialResults(page.mainFrame(), context, options);
  const results = await page.evaluate(
    ({ partials, options }) => (window as unknown as AxeWindow).axe.finishRun(partials as axe.PartialResults, options),
    { partials, options },
  );
  return results;
}

/** Serious or critical: what the journeys fail on beside the WCAG rules they name. */
export function isSerious(violation: axe.Result): boolean {
  return violation.impact === "serious" || violation.impact === "critical";
}

/** A violation as a failure message reads it: the rule, its impact and every element it found. */
export function describeViolation(violation: axe.Result, where = ""): string {
  const targets = violation.nodes.map((node) => node.target.join(" ")).join(" | ");
  return `${where ? `${where}: ` : ""}${violation.id} (${violation.impact}) ${targets}`;
}

/**
 * The page's serious and critical violations under every rule (best practices included),
 * described, each after `where` when given.
 */
export async function seriousViolations(page: Page, check: AxeCheck & { where?: string } = {}): Promise<string[]> {
  const { where, ...rest } = check;
  return (await axeViolations(page, rest)).filter(isSerious).map((violation) => describeViolation(violation, where));
}
