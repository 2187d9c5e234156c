import assert from 'node:assert/strict';
import { test } from 'node:test';
import { totp } from './helpers.mjs';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), last 6 digits of the 8-digit values.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

test('TOTP helper matches the RFC 6238 test vectors', () => {
  assert.equal(totp(RFC_SECRET, { now: 59_000 }), '287082');
  assert.equal(totp(RFC_SECRET, { now: 1_111_111_109_000 }), '081804');
  assert.equal(totp(RFC_SECRET, { now: 1_234_567_890_000 }), '005924');
  assert.equal(totp(RFC_SECRET, { now: 2_000_000_000_000 }), '279037');
});
