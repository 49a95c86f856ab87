import { readFileSync, writeFileSync } from 'node:fs';
import { ENV_EXAMPLE, README, configVariables, renderEnvExample, renderReadme } from './config-docs';

// `npm run docs:config`: rewrite README.md's configuration table and .env.example from the
// config schema (config-docs.ts). Run it after adding or changing a variable.
const variables = configVariables();
writeFileSync(README, await renderReadme(readFileSync(README, 'utf8'), variables));
writeFileSync(ENV_EXAMPLE, renderEnvExample(variables));
process.stdout.write(`README.md and .env.example: ${variables.length} variables\n`);
