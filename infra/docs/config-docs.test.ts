import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '@pillars/platform/config';
import { ENV_EXAMPLE, README, configVariables, renderEnvExample, renderReadme } from './config-docs';

const FIX = 'out of date with shared/platform/src/config/schema.ts: run `npm run docs:config` and commit the result';

describe('configuration docs', () => {
  const variables = configVariables();

  it('lists every variable of the schema, each with a description', () => {
    expect(variables.map((v) => v.name).sort()).toEqual(Object.keys(ConfigSchema.shape).sort());
    expect(variables.filter((v) => !v.description).map((v) => v.name)).toEqual([]);
  });

  it("README.md's table is the one the schema renders", async () => {
    const readme = readFileSync(README, 'utf8');
    expect(readme === (await renderReadme(readme, variables)), `README.md's configuration table is ${FIX}`).toBe(true);
  });

  it('.env.example is the one the schema renders', () => {
    expect(readFileSync(ENV_EXAMPLE, 'utf8') === renderEnvExample(variables), `.env.example is ${FIX}`).toBe(true);
  });
});
