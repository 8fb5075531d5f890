import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that the current ENCRYPTION_KEY cannot open: the key changed or was lost. */
export class UnreadableSecretError extends Error {
  constructor() {
    super("Sealed with another ENCRYPTION_KEY.");
    this.name = "UnreadableSecretError";
  }
}

/**
 * AES-256-GCM with a key derived from ENCRYPTION_KEY. A sealed value reads
 * `enc:v1:<key id>:<iv>:<ciphertext and tag>` (base64url): the key id (a hash of the key, not the key)
 * tells a value sealed under another key from a damaged one, and `purpose` is bound in as associated
 * data, so a value cannot be moved from one column to another.
 */
export interface SecretBox {
  seal(plain: string, purpose: string): string;
  /** The plain value; throws UnreadableSecretError when this key cannot open it. */
  open(sealed: string, purpose: string): string;
  isSealed(value: string): boolean;
}

export function createSecretBox(encryptionKey: string): SecretBox {
  const key = Buffer.from(hkdfSync("sha256", encryptionKey, "passo", "passo secret box v1", 32));
  const keyId = createHash("sha256").update(key).digest("base64url").slice(0, 8);
  return {
    seal(plain, purpose) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${PREFIX}${keyId}:${iv.toString("base64url")}:${body.toString("base64url")}`;
    },
    open(sealed, purpose) {
      const [id, iv, body] = sealed.slice(PREFIX.length).split(":");
      if (!sealed.startsWith(PREFIX) || id !== keyId || !iv || !body) throw new UnreadableSecretError();
      try {
        const bytes = Buffer.from(body, "base64url");
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAAD(Buffer.from(purpose));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new UnreadableSecretError();
      }
    },
    isSealed: (value) => value.startsWith(PREFIX),
  };
}
