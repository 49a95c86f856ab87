import { customType } from 'drizzle-orm/pg-core';

/** drizzle-orm has no built-in bytea column for node-postgres; pg maps bytea to Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});
