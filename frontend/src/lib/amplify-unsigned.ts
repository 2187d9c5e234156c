// Amplify's REST client signs a request with SigV4 (SHA-256, the signing middleware: ~4 kB gzip)
// only with IAM credentials, which it resolves only when defaultAuthMode is not 'none'. This API
// is called with 'none' (src/lib/api-client.ts, a cookie session), so its signed handler is
// never reached; vite.config.ts puts this one in its place for the build (ADR 0023).
export const authenticatedHandler = (): Promise<never> =>
  Promise.reject(new Error('Signed (IAM) requests are not used: defaultAuthMode is none'));
