import { describe, expect, it } from "vitest";
import { changePasswordInput, registerInput, tokenPasswordInput } from "../../schemas";
import { withPasswordRules } from "./password-rules";

// Issue 27 #11: registration answered one group of messages per submit — the fields' (with whether the
// passwords match), then, once those were right, the password's strength (checked only by the use case,
// after parsing). The routes parse with withPasswordRules(): one answer says all.

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
};

describe("registration's messages", () => {
  const register = withPasswordRules(registerInput);

  it("are all given at once: the fields, the password's strength and the confirmation", () => {
    const result = register.safeParse({
      name: "",
      email: "jamie@",
      phone: "07700 900456",
      password: "short",
      confirmPassword: "different",
    });
    expect(messagesOf(result)).toEqual({
      name: ["Enter your name."],
      email: ["Enter a valid email address, like name@example.com."],
      password: ["Use at least 10 characters."],
      confirmPassword: ["The passwords don't match."],
    });
  });

  it("say a common password, or the email as the password, with the other fields'", () => {
    expect(
      messagesOf(
        register.safeParse({
          name: "",
          email: "a@b.co",
          phone: "1",
          password: "qwertyuiop",
          confirmPassword: "x",
        }),
      ),
    ).toEqual({
      name: ["Enter your name."],
      phone: ["Enter a phone number, like 07700 900123."],
      password: ["This password is too common. Choose something harder to guess."],
      confirmPassword: ["The passwords don't match."],
    });
    const own = "jamie.fox@example.test";
    expect(
      messagesOf(
        register.safeParse({
          name: "J",
          email: own,
          phone: "07700 900456",
          password: own,
          confirmPassword: own,
        }),
      ),
    ).toEqual({ password: ["Don't use your email address as your password."] });
  });

  it("leave a good registration alone", () => {
    const result = register.safeParse({
      name: "Jamie Fox",
      email: "Jamie@Example.test",
      phone: "07700 900456",
      password: "Gleaming-Alloys-2026",
      confirmPassword: "Gleaming-Alloys-2026",
    });
    expect(result.success && result.data.email).toBe("jamie@example.test");
  });

  it("ask for a password once, not also for its strength", () => {
    const result = register.safeParse({ name: "J", email: "a@b.co", phone: "07700 900456", password: "" });
    expect(messagesOf(result).password).toEqual(["Enter a password."]);
  });
});

describe("the other new-password forms", () => {
  it("reset: a weak password and a mismatch together with a bad token", () => {
    const result = withPasswordRules(tokenPasswordInput).safeParse({
      token: "x",
      password: "short",
      confirmPassword: "other",
    });
    expect(Object.keys(messagesOf(result)).sort()).toEqual(["confirmPassword", "password", "token"]);
  });

  it("change: a weak password and a mismatch together with the missing current password", () => {
    const result = withPasswordRules(changePasswordInput).safeParse({
      currentPassword: "",
      password: "aaaaaaaaaaaa",
      confirmPassword: "other",
    });
    expect(messagesOf(result)).toEqual({
      currentPassword: ["Enter your current password."],
      password: ["This password is too easy to guess."],
      confirmPassword: ["The passwords don't match."],
    });
  });
});
