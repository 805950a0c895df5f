// For tests over HTTP that need an administrator's passkey (ADR 0072): a software authenticator that answers the
// registration and authentication options as a browser's navigator.credentials would, with a P-256 key ("none"
// attestation, user present and verified). The real ceremony in a browser is the e2e tier's.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array | string): string => Buffer.from(data).toString('base64url');
const uint32 = (n: number): Buffer => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

export interface PasskeyCeremonyOptions {
  challenge: string;
  /** Registration options name the relying party as `rp.id`, authentication options as `rpId`. */
  rp?: { id?: string };
  rpId?: string;
}

export class SoftPasskey {
  /** The credential id, base64url: what the server stores and the passkey routes name. */
  readonly id = b64url(randomBytes(16));
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The body of POST /api/admin/second-factor/passkeys: `{ response }` for the registration options, from `origin`. */
  register(options: PasskeyCeremonyOptions, origin: string): { response: Record<string, unknown> } {
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    const jwk = this.publicKey.export({ format: 'jwk' });
    // COSE_Key of an ES256 key: kty EC2 (2), alg -7, crv P-256 (1), x, y.
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const credentialId = Buffer.from(this.id, 'base64url');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpIdOf(options)),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
      uint32(this.counter),
      Buffer.alloc(16),
      length,
      credentialId,
      Buffer.from(coseKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      response: {
        id: this.id,
        rawId: this.id,
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    };
  }

  /** The body of POST /api/admin/second-factor/verify/passkey: `{ response }` for the authentication options. */
  authenticate(options: PasskeyCeremonyOptions, origin: string): { response: Record<string, unknown> } {
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
    this.counter += 1;
    const authenticatorData = Buffer.concat([
      sha256(rpIdOf(options)),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]),
      uint32(this.counter),
    ]);
    // ES256 over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded as WebAuthn wants it.
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      response: {
        id: this.id,
        rawId: this.id,
        type: 'public-key',
        response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      },
    };
  }
}

function rpIdOf(options: PasskeyCeremonyOptions): string {
  const rpId = options.rp?.id ?? options.rpId;
  if (!rpId) throw new Error('the options name no relying party');
  return rpId;
}
