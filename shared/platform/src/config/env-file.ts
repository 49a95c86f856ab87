/**
 * Reads `.env` from the directory the process starts in (the repository root under every npm
 * script) into process.env, when there is one. A variable already set in the environment keeps
 * its value: the file holds a machine's defaults, the environment overrides them.
 */
export function loadEnvFile(path = '.env'): void {
  try {
    process.loadEnvFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
}
