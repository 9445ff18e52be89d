import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (19 MiB, 2 passes); memory is lower only in tests. */
export function createPasswordHasher(memoryCost: number) {
  const options = { memoryCost, timeCost: 2, parallelism: 1 };
  // Verified when an e-mail is unknown, so that a wrong address takes as long as a wrong password.
  const decoy = hash('parley-decoy-password', options);
  return {
    hash: (password: string) => hash(password, options),
    async verify(passwordHash: string | null, password: string): Promise<boolean> {
      try {
        return await verify(passwordHash ?? (await decoy), password);
      } catch {
        return false;
      }
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
