import { ApiError } from '@wanxiang/api-client';

/** A refusal as the server words it, for the console's in-memory servers. */
export function refused(
  status: number,
  body: { detail?: string; code?: string; errors?: Record<string, string[]> },
) {
  return new ApiError(new Response(null, { status }), body);
}
