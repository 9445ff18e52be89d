export { VerificationCodeInput, type VerificationCodeInputProps } from './verification-code-input';
