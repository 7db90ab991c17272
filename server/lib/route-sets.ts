/**
 * Routes app.ts treats specially, declared by the router that serves them (paths relative to
 * where the router is mounted), so that renaming a route keeps what applies to it:
 * - publicReads: GET routes that never look at the visitor; they skip the session lookup. A
 *   ":name" segment stands for any one path segment ("/shows/:id").
 * - purchases: POST routes limited per user (per address when anonymous) before any work.
 * - uploads: POST routes that hand out upload addresses, each of which may store a logo.
 * - publicLinks: route prefixes opened through a public link (any method, signed in or not);
 *   limited per client address.
 * - documents: GET routes that answer a rendered document (a PDF); limited per user (per
 *   address when anonymous).
 * - pages: GET routes under /api that answer a page a person reads (the API reference), so they
 *   get the pages' security headers instead of the data's.
 */
export interface RouteSets {
  publicReads?: readonly string[];
  purchases?: readonly string[];
  uploads?: readonly string[];
  publicLinks?: readonly string[];
  documents?: readonly string[];
  pages?: readonly string[];
}

/** Every router's route sets under one mount point ("/api"), as full paths. */
export function combineRouteSets(mountPath: string, sets: readonly RouteSets[]) {
  const all = (pick: (set: RouteSets) => readonly string[] | undefined) =>
    sets.flatMap((set) => (pick(set) ?? []).map((path) => mountPath + path));
  return {
    publicReads: pathSet(all((set) => set.publicReads)),
    purchases: all((set) => set.purchases),
    uploads: all((set) => set.uploads),
    publicLinks: all((set) => set.publicLinks),
    documents: all((set) => set.documents),
    pages: pathSet(all((set) => set.pages)),
  };
}

/** Declared paths, some with ":name" segments, and whether a request path is one of them. */
function pathSet(paths: string[]) {
  const exact = new Set(paths.filter((path) => !path.includes(":")));
  const patterns = paths
    .filter((path) => path.includes(":"))
    .map(
      (path) =>
        new RegExp(
          `^${path
            .split("/")
            .map((part) => (part.startsWith(":") ? "[^/]+" : escape(part)))
            .join("/")}$`,
        ),
    );
  return {
    paths,
    size: paths.length,
    has: (path: string) => exact.has(path) || patterns.some((pattern) => pattern.test(path)),
  };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
