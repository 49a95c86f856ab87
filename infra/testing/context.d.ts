// Values the global setups hand to test files through vitest's provide/inject.
declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** A migrated database that per-file databases are copied from. */
    postgresTemplate: string;
    redisUrl: string;
    chromiumPath: string;
    e2eBaseUrl: string;
    /** PUBLIC_URL of the app under test: the canonical host share links use. */
    e2ePublicUrl: string;
    /** The admin the app under test created at start. */
    e2eAdmin: { username: string; password: string };
    /** Where the app under test writes its e-mails (.eml files). */
    e2eMailboxDir: string;
    /** The app's sandbox card provider, for journeys that need it to act (e.g. make a settlement batch). */
    e2eSandboxUrl: string;
  }
}
export {};
