import { z } from 'zod';
// Plain-word messages for checks without their own (configured once for the shared zod).
import '../fields/index';
import { ERROR_STATUS, type ErrorCode } from '../error-codes/index';

export {
  DEFAULT_ERROR_MESSAGE,
  ERROR_STATUS,
  fieldErrors,
  rateLimitedMessage,
  type ErrorCode,
} from '../error-codes/index';

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
