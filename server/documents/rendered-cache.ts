import crypto from "node:crypto";

/**
 * Rendered documents kept in this instance's memory, at most `maxBytes` in all, the least
 * recently used dropped first. The key is a hash of everything the document is made from, so
 * any change to its content (an edited invoice, a paid status, another logo) is another key:
 * an entry is never stale, and no notice of changes is needed. A render in progress is shared
 * by everyone who asks for the same document meanwhile. A render that says `keep: false` (it
 * lacked something it should have had) is answered but not kept.
 */
export function createRenderedCache(maxBytes: number) {
  const entries = new Map<string, Promise<Buffer>>();
  const sizes = new Map<string, number>();
  let bytes = 0;

  function drop(key: string) {
    bytes -= sizes.get(key) ?? 0;
    sizes.delete(key);
    entries.delete(key);
  }

  return {
    /** The document for `input`: the kept copy, the render in progress, or a new render. */
    get(input: unknown, render: () => Promise<Buffer | { document: Buffer; keep: false }>): Promise<Buffer> {
      const key = crypto.createHash("sha256").update(JSON.stringify(input)).digest("base64url");
      const kept = entries.get(key);
      if (kept) {
        // Map order is the recency order: move the entry to the end.
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      let keep = true;
      const made = render().then((result) => {
        if (Buffer.isBuffer(result)) return result;
        keep = result.keep;
        return result.document;
      });
      entries.set(key, made);
      made.then(
        (document) => {
          if (entries.get(key) !== made) return;
          if (!keep || document.length > maxBytes) return drop(key);
          sizes.set(key, document.length);
          bytes += document.length;
          for (const oldest of entries.keys()) {
            if (bytes <= maxBytes) break;
            if (sizes.has(oldest)) drop(oldest);
          }
        },
        () => {
          if (entries.get(key) === made) drop(key);
        },
      );
      return made;
    },
    get bytes() {
      return bytes;
    },
  };
}
