export { PhoneNumbersScreen } from './phone-numbers-screen';
