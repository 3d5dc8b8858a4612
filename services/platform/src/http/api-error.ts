import type { LocalizedText, TextParameters } from '../i18n/localized-text';

/** Body statuses of HOJ's envelope (api-core §0.1). */
export type BodyStatus = 200 | 400 | 401 | 403 | 404 | 500 | 503;

/**
 * An error that becomes an envelope. By default it is one of HOJ's "caught business errors" (HTTP 200 with the
 * status in the body, api-core §0.2 mechanism 1); `httpStatus` makes it an escaped one (mechanism 2).
 */
export class ApiError extends Error {
  readonly httpStatus: number;
  constructor(
    readonly status: BodyStatus,
    readonly text: LocalizedText,
    readonly parameters: TextParameters = {},
    options: { readonly httpStatus?: number; readonly logDetail?: string } = {},
  ) {
    super(text['en-US']);
    this.name = 'ApiError';
    this.httpStatus = options.httpStatus ?? 200;
    this.logDetail = options.logDetail;
  }
  /** Set when the refusal points at a bug of ours rather than the caller's input: logged, never sent. */
  readonly logDetail: string | undefined;
}
