// The auth screens' schemas as their actions use them. The routes import them from here, a `.server` module
// (empty in the browser build), not from '#contract': esbuild keeps a '#contract' schema import that only a
// route's action uses in the route's browser bundle, and zod (12 KiB) with it. The screens load the same
// schemas for their checks in the browser on demand (use-auth-validation.ts); tests/e2e/size.spec.ts keeps
// them within budget.
export {
  activateEmailSchema,
  confirmEmailFormSchema,
  forgotPasswordFormSchema,
  loginFormSchema,
  registerFormSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from '#contract'
