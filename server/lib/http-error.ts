export type FieldErrors = Record<string, string[]>;

/** The one error type services throw; the error middleware turns it into `{ message, fieldErrors? }`. */
export class HttpError extends Error {
  /** Sent as Retry-After (seconds) by the error handler, when a refusal knows when it ends. */
  retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = "HttpError";
  }

  static badRequest(message: string, fieldErrors?: FieldErrors) {
    return new HttpError(400, message, fieldErrors);
  }
  static unauthorized(message = "Please sign in to continue") {
    return new HttpError(401, message);
  }
  static forbidden(message = "Administrator access required") {
    return new HttpError(403, message);
  }
  static notFound(message = "Not found") {
    return new HttpError(404, message);
  }
  static conflict(message: string, fieldErrors?: FieldErrors) {
    return new HttpError(409, message, fieldErrors);
  }
  /** A retired route: the message says what to use instead. */
  static gone(message: string) {
    return new HttpError(410, message);
  }
  static tooMany(message = "Too many requests, please try again later", retryAfterSeconds?: number) {
    const error = new HttpError(429, message);
    if (retryAfterSeconds !== undefined) error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }
  static unavailable(message: string) {
    return new HttpError(503, message);
  }
}
