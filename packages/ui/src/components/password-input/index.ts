export { PasswordInput, type PasswordInputProps, type PasswordStrength, passwordStrength } from './password-input';
