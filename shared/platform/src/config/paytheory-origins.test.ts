import { describe, expect, it } from 'vitest';
import { derivedFieldsOrigin, payTheoryBrowserOrigins, payTheorySdkParts } from './paytheory-origins';

describe('Pay Theory browser origins', () => {
  it('derives the hosted fields from the SDK URL as the SDK builds them: {partner}{mode}.tags.static.{stage}.com', () => {
    expect(derivedFieldsOrigin('https://acme.sdk.paytheorystudy.com/')).toBe(
      'https://acme.tags.static.paytheorystudy.com',
    );
    expect(derivedFieldsOrigin('https://acmelab.sdk.paytheorylab.com/index.js')).toBe(
      'https://acmelab.tags.static.paytheorylab.com',
    );
    expect(derivedFieldsOrigin('https://Acme.SDK.PayTheory.com')).toBe('https://acme.tags.static.paytheory.com');
  });

  it('derives nothing from a URL that is not a Pay Theory SDK host (the sandbox, plain http)', () => {
    expect(derivedFieldsOrigin('http://localhost:5090/sdk.js')).toBeNull();
    expect(derivedFieldsOrigin('http://acme.sdk.paytheory.com/')).toBeNull();
    expect(derivedFieldsOrigin('https://sdk.paytheory.com/')).toBeNull();
    expect(payTheorySdkParts('https://cdn.example.org/acme.sdk.paytheory.com.js')).toBeNull();
  });

  it('lists the SDK, fields and token-service origins; a configured fields origin wins', () => {
    expect(payTheoryBrowserOrigins({ PAYTHEORY_SDK_URL: 'https://acme.sdk.paytheory.com/' })).toEqual({
      sdk: 'https://acme.sdk.paytheory.com',
      fields: 'https://acme.tags.static.paytheory.com',
      tokenService: 'https://acme.paytheory.com',
    });
    expect(
      payTheoryBrowserOrigins({
        PAYTHEORY_SDK_URL: 'http://localhost:5090/sdk.js',
        PAYTHEORY_FIELDS_ORIGIN: 'http://localhost:5091/',
      }),
    ).toEqual({ sdk: 'http://localhost:5090', fields: 'http://localhost:5091', tokenService: null });
    expect(payTheoryBrowserOrigins({ PAYTHEORY_SDK_URL: 'http://localhost:5090/sdk.js' })?.fields).toBeNull();
    expect(payTheoryBrowserOrigins({})).toBeNull();
  });

  it('takes a configured token-service origin over the derived one, reduced to its origin', () => {
    expect(
      payTheoryBrowserOrigins({
        PAYTHEORY_SDK_URL: 'https://acme.sdk.paytheory.com/',
        PAYTHEORY_TOKEN_SERVICE_ORIGIN: 'https://tokens.acme.example/pt-token-service/',
      }),
    ).toEqual({
      sdk: 'https://acme.sdk.paytheory.com',
      fields: 'https://acme.tags.static.paytheory.com',
      tokenService: 'https://tokens.acme.example',
    });
  });
});
