import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { relyingParty } from '../../src/identity/passkeys';
import { TokenVault } from '../../src/modules/sources/token-vault';

describe('TOTP secret sealing', () => {
  it('opens only for the user and purpose it was sealed for', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hf-vault-'));
    try {
      const vault = TokenVault.open(dir);
      const sealed = vault.sealFor('JBSWY3DPEHPK3PXP', 'user-a', 'totp');
      expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
      expect(vault.unsealFor(sealed, 'user-a', 'totp')).toBe('JBSWY3DPEHPK3PXP');
      // Copied into another user's row, or read for another purpose: it does not open.
      expect(vault.unsealFor(sealed, 'user-b', 'totp')).toBeUndefined();
      expect(vault.unsealFor(sealed, 'user-a', 'provider-tokens')).toBeUndefined();
      // Another installation's key does not open it either.
      expect(TokenVault.open(dir, 'another key').unsealFor(sealed, 'user-a', 'totp')).toBeUndefined();
      expect(fs.statSync(path.join(dir, 'encryption.key')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the passkey relying party', () => {
  it('is the host of PUBLIC_URL', () => {
    expect(relyingParty('https://health.example.org')).toEqual({
      rpID: 'health.example.org',
      origins: ['https://health.example.org'],
    });
  });

  it('is localhost for a loopback address, which browsers refuse as an RP ID', () => {
    expect(relyingParty('http://127.0.0.1:18931')).toEqual({
      rpID: 'localhost',
      origins: ['http://127.0.0.1:18931', 'http://localhost:18931'],
    });
  });
});
