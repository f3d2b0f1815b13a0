/** Any unknown path for a signed-in user — docs/product/routes-and-roles.md "Page Not Found" with Go Back and Go to Dashboard. */
import { Button, Flex, Result } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { HOME } from '../lib/next-path';
import { useSafeBack } from '../../providers/router/safe-back';

export function NotFound() {
  const navigate = useNavigate();
  // a page opened in a fresh tab has no earlier page: Go Back goes home instead of leaving the console
  const back = useSafeBack(HOME);
  const { pathname } = useLocation();
  return (
    <Result
      icon={<CompassOutlined style={{ color: '#3b5bdb', fontSize: 56 }} />}
      title={<h1 style={{ fontSize: 24, margin: 0 }}>Page Not Found</h1>}
      subTitle={`There is no page at ${pathname}.`}
      extra={
        <Flex gap={8} justify="center" wrap>
          <Button onClick={back}>Go Back</Button>
          <Button type="primary" onClick={() => navigate(HOME)}>
            Go to Dashboard
          </Button>
        </Flex>
      }
    />
  );
}
