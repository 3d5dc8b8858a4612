import { z } from 'zod';
import { boundedText, emailMaxLength, textMax } from '../input/bounded-input.contract';

/** No address is longer than an email can be (F1): a longer one is refused before anything looks at it. */
export const checkUsernameOrEmailBody = z.object({
  username: boundedText(textMax.line).nullish(),
  email: boundedText(emailMaxLength).nullish(),
});
/** true means an account with it exists (api-core §1). */
export const checkUsernameOrEmailReply = z.object({ username: z.boolean(), email: z.boolean() });
export const userAuthInfo = z.object({ roles: z.array(z.string()), permissions: z.null() });
