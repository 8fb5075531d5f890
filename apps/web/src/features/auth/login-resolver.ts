import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema } from "@passo/domain/auth";

/** The login form's rules: the domain's schema, the same one the API validates with. */
export const loginResolver = zodResolver(loginSchema);
