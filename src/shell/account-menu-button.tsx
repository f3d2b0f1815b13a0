/** The avatar button that opens the small screens' account menu (src/shell/account-menu.tsx). */
import { Button } from 'antd';
import { UserMark } from './user-mark';

export function AccountButton({ disabled, ...rest }: { disabled?: boolean }) {
  // Dropdown clones its child with its own handlers: they are passed through
  return <Button type="text" aria-label="Account" disabled={disabled} {...rest} icon={<UserMark />} />;
}
