import { ApiError, type BodyStatus, type LocalizedText, type TextParameters } from '@oj/platform';

/** A decider's refusal: the spec's status and message; nothing is appended. */
export class CommandRejected extends ApiError {
  constructor(status: BodyStatus, text: LocalizedText, parameters: TextParameters = {}) {
    super(status, text, parameters);
    this.name = 'CommandRejected';
  }
}
