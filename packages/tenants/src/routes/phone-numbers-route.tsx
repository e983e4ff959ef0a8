import { PhoneNumbersScreen } from '../components/phone-numbers-screen';

/** Lazy route module of `/portal/phone-numbers`. */
export default function PhoneNumbersRoute() {
  return <PhoneNumbersScreen />;
}
