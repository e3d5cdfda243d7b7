import { z } from 'zod';

// zod (the API client's response schemas) otherwise probes `new Function` to compile faster parsers, which
// the CSP (script-src 'self') forbids: every page would log a violation for a speed-up it cannot use. This
// module is imported before anything that defines a schema.
z.config({ jitless: true });
