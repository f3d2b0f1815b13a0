/** The small round user mark of the top bar: antd Avatar's look, without its module on the first page (docs/performance.md "Delivery"). */
import { UserOutlined } from '@ant-design/icons';

export function UserMark() {
  return (
    <span className="user-mark" aria-hidden>
      <UserOutlined />
    </span>
  );
}
