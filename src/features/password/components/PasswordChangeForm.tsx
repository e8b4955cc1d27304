import { PasswordFlowForm, type PasswordFormKeys } from './PasswordFlowForm';

interface Props {
  min: number;
  busy: boolean;
  done: boolean;
  onSubmit: (values: { password: string; newPassword: string }) => void;
}

const KEYS: PasswordFormKeys = {
  title: 'change.title',
  current: 'change.old',
  currentRequired: 'change.oldRequired',
  newPassword: 'change.new',
  confirm: 'change.confirm',
  mismatch: 'change.mismatch',
  submit: 'change.submit',
};

/** docs/areas/password.md#for-users: old password required, new one at least `min`, confirmation equal (and at least `min`). */
export function PasswordChangeForm(props: Props) {
  return <PasswordFlowForm testId="password-change-form" keys={KEYS} confirmMin {...props} />;
}
