import '../zodConfig';
import { completeApiClient } from '@wanxiang/api-client';
import { authClient } from './client';

/**
 * The app's one API client, whole: the sign-in client (session/client.ts) with every endpoint module added,
 * sharing its token service. Only the signed-in screens import it, so zod loads with them, not on /login.
 */
export const api = completeApiClient(authClient);
