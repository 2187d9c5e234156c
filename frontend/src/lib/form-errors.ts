import { ApiError, reportApiError } from './api-client';

/**
 * For forms whose calls are `silent`: a stale edit (409) is shown in the form like a validation
 * message (the server's text says what happened and what to do); anything else but a 422 gets
 * the global reactions of spec §8 (401, 403, 404, Error notification).
 */
export async function formCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      throw new ApiError(422, { message: error.message });
    }
    if (error instanceof ApiError && error.status !== 422) reportApiError(error);
    throw error;
  }
}
