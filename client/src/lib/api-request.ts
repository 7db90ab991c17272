export type FieldErrors = Record<string, string[]>;

/**
 * A non-OK answer from the API. `message` is "status: body text"; `serverMessage` is the
 * `message` field of the JSON error body (docs/product.md, "Errors"), which is what toasts
 * show.
 */
export class ApiError extends Error {
  readonly status: number;
  /** The answer's status text ("Internal Server Error"); a load error shows "{status}: {statusText}". */
  readonly statusText?: string;
  readonly serverMessage?: string;
  readonly fieldErrors?: FieldErrors;

  constructor(
    status: number,
    message: string,
    details: { serverMessage?: string; fieldErrors?: FieldErrors; statusText?: string } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.statusText = details.statusText;
    this.serverMessage = details.serverMessage;
    this.fieldErrors = details.fieldErrors;
  }
}

function parseErrorBody(text: string): { serverMessage?: string; fieldErrors?: FieldErrors } {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null) return {};
    const { message, fieldErrors } = body as { message?: unknown; fieldErrors?: unknown };
    return {
      serverMessage: typeof message === "string" && message ? message : undefined,
      fieldErrors: typeof fieldErrors === "object" && fieldErrors !== null ? (fieldErrors as FieldErrors) : undefined,
    };
  } catch {
    return {};
  }
}

/** Throws an ApiError for a non-OK response; resolves for an OK one. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, `${res.status}: ${text}`, { ...parseErrorBody(text), statusText: res.statusText });
}

/** The server's message for a failed call, or `fallback` (never raw JSON) for toasts. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
