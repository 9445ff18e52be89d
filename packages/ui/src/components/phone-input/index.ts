export { isValidPhoneNumber, PHONE_COUNTRIES, PhoneInput, type PhoneInputProps } from './phone-input';
