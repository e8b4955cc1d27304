import LoginScreen from '../../features/auth/LoginScreen';
import { useTitleOf } from '@shared/shell/pageTitle';
import { LanguageSwitch } from '../shell/LanguageSwitch';

/** The login screen with the shell's language switch. */
export default function LoginPage() {
  useTitleOf('titles.login');
  return <LoginScreen aside={<LanguageSwitch />} />;
}
