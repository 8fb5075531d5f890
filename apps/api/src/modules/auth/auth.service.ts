import type { LoginInput } from "@passo/domain";
import type { Db } from "../../db/client.js";
import { unauthorized } from "../../lib/errors.js";
import { decoyHash, verifyPassword } from "../../lib/password.js";
import { findUserByEmail } from "../users/users.service.js";

const LOGIN_FAILED = "E-mail ou senha inválidos.";

/** The same answer, in about the same time, whether the e-mail is unknown or the password wrong. */
export async function login(db: Db, input: LoginInput) {
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !ok) throw unauthorized(LOGIN_FAILED);
  return user;
}
