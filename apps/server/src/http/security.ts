import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The SPA is served from this origin and loads nothing from elsewhere, so everything is 'self'. Styles come
 * from Vite's CSS files (vanilla-extract), and inline style changes made through the CSSOM (React's style
 * prop, d3's .style()) are not governed by CSP, so no 'unsafe-inline' is needed. upgrade-insecure-requests
 * is left out on purpose: the default install is plain HTTP on a LAN address, where it would break every
 * asset URL. The answer renderer's maths and diagrams are made to fit this policy rather than the policy to
 * fit them: KaTeX builds its formulas through the CSSOM, and a Mermaid diagram is shown as an image of its
 * own SVG (packages/markdown/src, MathTex.tsx and mermaidImage.ts). The journeys fail
 * on any violation, so a renderer that needs more shows there.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'connect-src': ["'self'"],
  'font-src': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'frame-src': ["'self'", 'blob:'],
  'img-src': ["'self'", 'data:', 'blob:'],
  'manifest-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // The one <style> element the app adds itself: react-aria's usePress puts
  // `[data-react-aria-pressable]{touch-action:pan-x pan-y pinch-zoom;}` in <head> so that presses do not
  // wait for a double-tap zoom. Allowed by its hash, not by 'unsafe-inline'; if a react-aria upgrade changes
  // that text, the browser console names the new hash.
  'style-src': ["'self'", "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='"],
  'worker-src': ["'self'", 'blob:'],
} as const;

/**
 * What a browser fetches as these (its Sec-Fetch-Dest) is governed by the page that fetched it, never by
 * its own headers: a script, a stylesheet, a font or an image. Their answers go without the headers that
 * only act on a document (its policy, framing, opener, agent cluster, legacy XSS and download switches) and
 * without HSTS, which the browser learns from the page's own answer on the same host: some 900 bytes each
 * of the twenty files the sign-in page loads. They keep what acts on them: nosniff, the cross-origin
 * resource policy, and the referrer policy a stylesheet's own fetches follow. Pages, frames and workers
 * (whose script's own policy governs them) keep everything, as does a request that does not say what it is.
 */
const SUBRESOURCES = new Set(['script', 'style', 'font', 'image']);
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export async function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (SUBRESOURCES.has(String(request.headers['sec-fetch-dest'])))
      for (const header of DOCUMENT_ONLY) reply.removeHeader(header);
    return payload;
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(contentSecurityPolicy).map(([k, v]) => [k, [...v]])),
    },
    // Downloads and images from blob: URLs must stay usable inside the app.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
