import LoginScreen from '../../features/auth/LoginScreen';
import { LanguageSwitch } from '../shell/LanguageSwitch';

/** The login screen with the shell's language switch. */
export default function LoginPage() {
  return <LoginScreen aside={<LanguageSwitch />} />;
}
